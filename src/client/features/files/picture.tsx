import type { CSSProperties } from 'react';

export interface PictureSource {
  src: string;
  width?: number | null | undefined;
  height?: number | null | undefined;
  /** A tiny data: URL painted behind the image until it loads. */
  placeholder?: string | null | undefined;
  /** Larger and smaller copies, for the browser to choose by the box's width. */
  srcSet?: string;
  sizes?: string;
}

/**
 * An uploaded image in a box of its own shape: the box's size is known before a byte arrives
 * (width and height, or the `box` classes), and the tiny placeholder fills it until the image
 * paints over it, so nothing around it moves (issue 49).
 */
export function Picture({
  picture,
  alt,
  className = '',
  fit = 'cover',
  isEager = false,
}: {
  picture: PictureSource;
  alt: string;
  className?: string;
  fit?: 'cover' | 'contain';
  isEager?: boolean;
}) {
  const style: CSSProperties = {
    ...(picture.width && picture.height
      ? { aspectRatio: `${picture.width} / ${picture.height}` }
      : {}),
    ...(picture.placeholder
      ? { backgroundImage: `url("${picture.placeholder}")`, backgroundSize: 'cover' }
      : {}),
  };
  return (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.sizes}
      alt={alt}
      width={picture.width ?? undefined}
      height={picture.height ?? undefined}
      loading={isEager ? 'eager' : 'lazy'}
      decoding="async"
      className={`bg-base-300 bg-center ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
      style={style}
    />
  );
}
