import { Img } from './img';

export interface AvatarProps {
  /** The picture, if there is one. */
  src: string | null | undefined;
  /** Whose picture: its first letter stands in when there is none. */
  name: string;
  /** The picture's width and height in CSS pixels. */
  size: number;
  /** The frame: its size, shape, background and ring. */
  className: string;
  imageClassName?: string;
  /** The letter's type and colour. */
  initialClassName: string;
}

/** A shop's logo, a category's picture or a reviewer's photo in its frame, or the name's first letter. */
export function Avatar({
  src,
  name,
  size,
  className,
  imageClassName = 'size-full object-cover',
  initialClassName,
}: AvatarProps) {
  return (
    <span className={`flex shrink-0 items-center justify-center overflow-hidden ${className}`}>
      {src ? (
        <Img src={src} alt="" width={size} height={size} className={imageClassName} />
      ) : (
        <span aria-hidden="true" className={initialClassName}>
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
    </span>
  );
}
