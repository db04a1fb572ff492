import type { ReactNode } from 'react';

/** http(s) URLs and bare www. addresses; anything else (javascript:, data:) stays text. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,!?;:)\]}'"]+$/;

export type ChatTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits a message into text and links (URLs in chat become safe links). */
export function splitLinks(message: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    const text = raw.slice(0, raw.length - trailing.length);
    if (!text || /^www\.$/i.test(text)) continue;
    if (start > last) parts.push({ kind: 'text', text: message.slice(last, start) });
    parts.push({ kind: 'link', text, href: /^www\./i.test(text) ? `https://${text}` : text });
    last = start + text.length;
  }
  if (last < message.length) parts.push({ kind: 'text', text: message.slice(last) });
  return parts;
}

/**
 * A chat message's text: React text nodes (never HTML: markup someone typed stays text) with its URLs as external links
 * that pass on no referrer, no opener and no endorsement.
 */
export function ChatText({ message }: { message: string }) {
  const nodes: ReactNode[] = splitLinks(message).map((part, index) =>
    part.kind === 'link' ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="underline break-all"
      >
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
  return <>{nodes}</>;
}
