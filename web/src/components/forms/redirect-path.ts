import { generatePath } from 'react-router';

/**
 * The current path with the route parameter `param` replaced by `next`. The parameter's segment is found through the
 * route matches, so that another segment with the same text stays: the router lists the parameters in the order the
 * path names them, so `:id` being the second parameter whose value is 5 means the second segment reading 5 that a
 * match introduced. Null when the parameter is not in the path.
 */
export function redirectPath(
  pathname: string,
  matchPathnames: readonly string[],
  params: Readonly<Record<string, string | undefined>>,
  param: string,
  next: string | number,
): string | null {
  const current = params[param];
  if (current === undefined) return null;
  const names = Object.keys(params);
  const occurrence = names.slice(0, names.indexOf(param)).filter((name) => params[name] === current).length;
  const split = (path: string) => path.replace(/\/+$/, '').split('/');
  const target = encodeURIComponent(current);
  const found: number[] = [];
  let known = 0;
  for (const matchPathname of matchPathnames) {
    const segments = split(matchPathname);
    for (let index = known; index < segments.length; index++) if (segments[index] === target) found.push(index);
    known = Math.max(known, segments.length);
  }
  const index = found[occurrence];
  if (index === undefined) return null;
  const pattern = split(pathname);
  pattern[index] = `:${param}`;
  return generatePath(pattern.join('/') || '/', { [param]: String(next) });
}
