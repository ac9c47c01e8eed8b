import { avatarTypeOf, MESSAGE_KEYS, PRODUCTION_LOGO_TYPES, PRODUCTION_VIEW_LIMITS, PRODUCTION_VIEW_MESSAGE_KEYS } from '@gearwatch/contracts';

/** A picked logo as the view sends it (a data URL), or the message key of why it cannot be used. */
export type LogoFileResult = { dataUrl: string } | { error: string };

function bytesOf(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices, so a large image does not overflow the argument list.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Reads a picked file as the logo (spec 01 §5): png or jpeg only, judged by the declared type and by the file's first
 * bytes as the server does, and at most PRODUCTION_VIEW_LIMITS.logoMaxBytes.
 */
export async function readLogoFile(file: File): Promise<LogoFileResult> {
  if (file.type && !(PRODUCTION_LOGO_TYPES as readonly string[]).includes(file.type)) return { error: PRODUCTION_VIEW_MESSAGE_KEYS.unsupportedFileType };
  if (file.size > PRODUCTION_VIEW_LIMITS.logoMaxBytes) return { error: PRODUCTION_VIEW_MESSAGE_KEYS.fileTooLarge };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await bytesOf(file));
  } catch {
    return { error: MESSAGE_KEYS.incorrect };
  }
  const type = avatarTypeOf(bytes);
  if (!type) return { error: PRODUCTION_VIEW_MESSAGE_KEYS.unsupportedFileType };
  return { dataUrl: `data:${type};base64,${base64Of(bytes)}` };
}
