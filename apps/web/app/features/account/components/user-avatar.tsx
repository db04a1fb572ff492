/** The shopper's photo, or the first letter of their name on a tinted disc. */
export function UserAvatar({
  name,
  photo,
  className = 'size-14 text-xl',
}: {
  name: string;
  photo: string | null;
  className?: string;
}) {
  if (photo) {
    return (
      <img src={photo} alt="" className={`shrink-0 rounded-full object-cover ring-2 ring-primary-100 ${className}`} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-700 ${className}`}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
