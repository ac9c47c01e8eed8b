import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

const NameContext = createContext<string | null>(null);
const SetNameContext = createContext<((name: string | null) => void) | null>(null);

/**
 * Holds the name of the row a detail page shows, so the breadcrumb bar and the browser tab can say "Forklift 7"
 * where the route alone only knows "Device 7".
 */
export function PageNameProvider({ children }: { children: ReactNode }) {
  const [name, setName] = useState<string | null>(null);
  return (
    <SetNameContext.Provider value={setName}>
      <NameContext.Provider value={name}>{children}</NameContext.Provider>
    </SetNameContext.Provider>
  );
}

/** The name the current page gave itself, or null. */
export function usePageName(): string | null {
  return useContext(NameContext);
}

/** Names the current page while it is shown (a blank name is no name); the name goes with the page. */
export function useNamePage(name: string | null | undefined): void {
  const setName = useContext(SetNameContext);
  const trimmed = name?.trim() || null;
  useEffect(() => {
    if (!setName) return;
    setName(trimmed);
    return () => setName(null);
  }, [setName, trimmed]);
}
