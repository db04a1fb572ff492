import { useT } from '../../../lib/i18n';

/** Where a product page can be shared: plain links that open the network's own share page. */
export function shareTargets(url: string, title: string, image: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, color: '#0d5bc6' },
    { id: 'x', label: 'X', href: `https://x.com/intent/post?url=${u}&text=${text}`, color: '#000000' },
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}`, color: '#157a3f' },
    { id: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${text}`, color: '#166a99' },
    { id: 'email', label: 'Email', href: `mailto:?subject=${text}&body=${u}`, color: '#475569' },
    {
      id: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      color: '#0a66c2',
    },
    {
      id: 'pinterest',
      label: 'Pinterest',
      href: `https://pinterest.com/pin/create/button/?url=${u}&media=${encodeURIComponent(image)}&description=${text}`,
      color: '#bd081c',
    },
    { id: 'reddit', label: 'Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${text}`, color: '#c53400' },
  ];
}

export function ShareLinks({ url, title, image }: { url: string; title: string; image: string }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">{t('Share')}:</span>
      <ul className="flex flex-wrap gap-1.5">
        {shareTargets(url, title, image).map((target) => (
          <li key={target.id}>
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('Share on {{network}}', { network: target.label })}
              title={target.label}
              style={{ backgroundColor: target.color }}
              className="flex h-8 min-w-8 items-center justify-center rounded-full px-2.5 text-xs font-semibold text-white outline-none transition hover:opacity-85 focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2"
            >
              {target.id === 'email' ? '@' : target.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
