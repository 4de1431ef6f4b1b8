import { useState } from 'react';
import { imageVariantPath } from '../../../shared/files.ts';
import { absoluteUrl } from './avatar-upload.tsx';
import { uploadFile } from './files-api.ts';

/** The address the server gives a photo's `full` variant: named by the sha-256 of its bytes. */
async function storedAddressOf(square: Blob): Promise<string | null> {
  if (!crypto.subtle) return null; // not a secure context: no digest here
  const digest = await crypto.subtle.digest('SHA-256', await square.arrayBuffer());
  const sha = [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return absoluteUrl(imageVariantPath(sha, 'full'));
}

/**
 * Sign-up's photo (issue 49). Uploads need an account, and the spec's form needs its photo URL
 * before the account exists; stored photos are named by their bytes, so the address is known
 * once the square is cropped: it fills the field, and the photo is uploaded as soon as the
 * account is made (its session is the one sign-up opens). Should the server name it otherwise,
 * the profile takes the address it gave.
 */
export function useAvatarAfterSignUp() {
  const [chosen, setChosen] = useState<{ square: Blob; address: string } | null>(null);
  return {
    chosen,
    /** Keeps the square; resolves the address for the field, or null where none can be known. */
    choose: async (square: Blob) => {
      const address = await storedAddressOf(square);
      setChosen(address ? { square, address } : null);
      return address;
    },
    /** After sign-up: uploads the square kept for `address` and resolves its stored address. */
    upload: async (address: string) => {
      if (chosen?.address !== address) return null;
      const view = await uploadFile(chosen.square, {
        purpose: 'avatar',
        name: 'photo.jpg',
        onProgress: () => undefined,
        signal: new AbortController().signal,
      });
      return view.urls ? absoluteUrl(view.urls.full) : null;
    },
  };
}
