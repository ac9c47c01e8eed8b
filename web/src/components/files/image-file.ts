import { AVATAR_TYPES, MESSAGE_KEYS, PROFILE_MESSAGE_KEYS, avatarTypeOf } from '@gearwatch/contracts';

/** A picked image as a form sends it (a data URL), or the message key of why it cannot be used. */
export type ImageFileResult = { dataUrl: string } | { error: string };

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
 * Reads a picked file as a png or jpeg image (the avatar, a production view's logo; spec 01 §5 'Unsupported file
 * type'), judged by the declared type and by the file's first bytes as the server does, and at most `maxBytes`.
 */
export async function readImageFile(file: File, maxBytes: number): Promise<ImageFileResult> {
  if (file.type && !(AVATAR_TYPES as readonly string[]).includes(file.type)) return { error: PROFILE_MESSAGE_KEYS.unsupportedFileType };
  if (file.size > maxBytes) return { error: PROFILE_MESSAGE_KEYS.fileTooLarge };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await bytesOf(file));
  } catch {
    return { error: MESSAGE_KEYS.incorrect };
  }
  const type = avatarTypeOf(bytes);
  if (!type) return { error: PROFILE_MESSAGE_KEYS.unsupportedFileType };
  return { dataUrl: `data:${type};base64,${base64Of(bytes)}` };
}
