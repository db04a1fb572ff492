import { loadSharp } from '../../lib/lazy-modules';
import type { MediaStore } from '../../lib/media-store';
import { Rng } from './random';

/**
 * Demo pictures drawn as SVG and rendered locally with sharp: the demo must work offline and
 * look like a shop, so every product type gets a stylised silhouette in the product's colour.
 */

export const PRODUCT_ICONS = [
  'shirt',
  'tshirt',
  'dress',
  'shoe',
  'bag',
  'watch',
  'phone',
  'tablet',
  'laptop',
  'headphones',
  'monitor',
  'camera',
  'bottle',
  'jar',
  'pan',
  'mug',
  'ball',
  'dumbbell',
  'robot',
  'book',
  'tyre',
  'helmet',
  'bowl',
  'snack',
  'babybottle',
  'lamp',
  'guitar',
  'car',
] as const;
export type ProductIcon = (typeof PRODUCT_ICONS)[number];

export interface Palette {
  key: string;
  main: string;
  dark: string;
  light: string;
  /** Background tints. */
  bg1: string;
  bg2: string;
}

/** Product colours the pictures come in; products with a colour variant use the matching one. */
export const PALETTES: readonly Palette[] = [
  { key: 'red', main: '#dc2626', dark: '#991b1b', light: '#f87171', bg1: '#fff1f2', bg2: '#fecdd3' },
  { key: 'navy', main: '#1e3a8a', dark: '#172554', light: '#60a5fa', bg1: '#eff6ff', bg2: '#bfdbfe' },
  { key: 'green', main: '#15803d', dark: '#14532d', light: '#4ade80', bg1: '#f0fdf4', bg2: '#bbf7d0' },
  { key: 'black', main: '#1f2937', dark: '#030712', light: '#6b7280', bg1: '#f8fafc', bg2: '#e2e8f0' },
  { key: 'pink', main: '#db2777', dark: '#9d174d', light: '#f9a8d4', bg1: '#fdf2f8', bg2: '#fbcfe8' },
  { key: 'orange', main: '#ea580c', dark: '#9a3412', light: '#fdba74', bg1: '#fff7ed', bg2: '#fed7aa' },
];

export const PRODUCT_IMAGE_STYLES = 3;
export const PRODUCT_IMAGE_SIZE = 800;

export function productImagePath(icon: ProductIcon, palette: number, style: number): string {
  return `/uploads/demo/products/${icon}-${PALETTES[palette]?.key}-${style + 1}.webp`;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** The silhouette of one product type inside a 400×400 box; `f` is the body fill (a gradient id). */
function iconShapes(icon: ProductIcon, p: Palette, f: string): string {
  const hl = 'rgba(255,255,255,0.28)';
  const ink = p.dark;
  switch (icon) {
    case 'shirt':
      return `<path d="M130 40 L172 28 Q200 62 228 28 L270 40 L362 104 L326 170 L292 148 L292 372 L108 372 L108 148 L74 170 L38 104 Z" fill="${f}"/>
<path d="M172 28 L200 70 L228 28" fill="none" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>
<path d="M200 70 L200 372" stroke="${ink}" stroke-width="4" opacity="0.5"/>
${[110, 160, 210, 260, 310].map((y) => `<circle cx="212" cy="${y}" r="7" fill="#fff" opacity="0.85"/>`).join('')}
<rect x="226" y="120" width="44" height="46" rx="6" fill="none" stroke="${ink}" stroke-width="4" opacity="0.5"/>
<path d="M130 40 L108 148 L108 372 L140 372 L140 90 Z" fill="${hl}"/>`;
    case 'tshirt':
      return `<path d="M128 44 L172 30 Q200 58 228 30 L272 44 L364 108 L330 172 L294 150 L294 372 L106 372 L106 150 L70 172 L36 108 Z" fill="${f}"/>
<path d="M172 30 Q200 58 228 30" fill="none" stroke="${ink}" stroke-width="10"/>
<path d="M150 220 h100 M165 245 h70" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity="0.8"/>
<path d="M128 44 L106 150 L106 372 L138 372 L138 96 Z" fill="${hl}"/>`;
    case 'dress':
      return `<path d="M160 20 L172 20 L180 70 L220 70 L228 20 L240 20 L250 112 Q300 190 344 376 L56 376 Q100 190 150 112 Z" fill="${f}"/>
<rect x="146" y="112" width="108" height="22" rx="6" fill="${ink}" opacity="0.8"/>
<path d="M150 134 Q110 250 90 376 L140 376 Q150 250 170 134 Z" fill="${hl}"/>
<path d="M200 134 L200 376 M250 134 Q290 250 300 376" stroke="${ink}" stroke-width="3" opacity="0.35" fill="none"/>`;
    case 'shoe':
      return `<path d="M34 250 Q34 168 82 160 L150 152 Q196 110 236 146 L302 196 Q372 212 372 268 L372 296 L34 296 Z" fill="${f}"/>
<path d="M28 286 L378 286 L378 318 Q378 336 360 336 L46 336 Q28 336 28 318 Z" fill="#f8fafc" stroke="#cbd5e1" stroke-width="3"/>
<path d="M168 160 L190 186 M186 150 L210 176 M204 142 L230 168" stroke="#fff" stroke-width="8" stroke-linecap="round"/>
<path d="M250 210 Q300 230 350 236" stroke="#fff" stroke-width="10" fill="none" opacity="0.8"/>
<path d="M34 250 Q34 180 82 170 L110 168 L110 286 L34 286 Z" fill="${hl}"/>`;
    case 'bag':
      return `<path d="M140 150 Q140 58 200 58 Q260 58 260 150" fill="none" stroke="${ink}" stroke-width="20" stroke-linecap="round"/>
<path d="M84 140 L316 140 Q330 140 332 154 L356 350 Q358 370 338 370 L62 370 Q42 370 44 350 L68 154 Q70 140 84 140 Z" fill="${f}"/>
<rect x="170" y="190" width="60" height="34" rx="8" fill="#facc15" stroke="${ink}" stroke-width="4"/>
<path d="M84 140 L120 140 L100 370 L62 370 Q42 370 44 350 L68 154 Q70 140 84 140 Z" fill="${hl}"/>`;
    case 'watch':
      return `<rect x="150" y="20" width="100" height="110" rx="18" fill="${ink}"/>
<rect x="150" y="270" width="100" height="110" rx="18" fill="${ink}"/>
<circle cx="200" cy="200" r="112" fill="${f}"/>
<circle cx="200" cy="200" r="88" fill="#f8fafc"/>
${Array.from({ length: 12 }, (_, i) => {
  const a = (i * Math.PI) / 6;
  return `<line x1="${200 + Math.sin(a) * 70}" y1="${200 - Math.cos(a) * 70}" x2="${200 + Math.sin(a) * 80}" y2="${200 - Math.cos(a) * 80}" stroke="${ink}" stroke-width="${i % 3 === 0 ? 7 : 3}"/>`;
}).join('')}
<line x1="200" y1="200" x2="200" y2="140" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
<line x1="200" y1="200" x2="248" y2="222" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/>
<circle cx="200" cy="200" r="8" fill="${ink}"/>
<rect x="310" y="186" width="22" height="28" rx="5" fill="${ink}"/>`;
    case 'phone':
      return `<rect x="118" y="24" width="164" height="352" rx="30" fill="${f}"/>
<rect x="130" y="50" width="140" height="300" rx="14" fill="#0f172a"/>
<rect x="130" y="50" width="140" height="300" rx="14" fill="url(#screen)"/>
${[0, 1, 2].flatMap((c) => [0, 1, 2, 3].map((r) => `<rect x="${146 + c * 40}" y="${90 + r * 46}" width="28" height="28" rx="8" fill="#fff" opacity="${0.35 + ((c + r) % 3) * 0.2}"/>`)).join('')}
<rect x="176" y="34" width="48" height="8" rx="4" fill="#0f172a"/>
<path d="M118 60 Q118 24 150 24 L170 24 L140 376 L150 376 Q118 376 118 346 Z" fill="${hl}"/>`;
    case 'tablet':
      return `<rect x="60" y="44" width="280" height="320" rx="26" fill="${f}"/>
<rect x="76" y="62" width="248" height="284" rx="12" fill="url(#screen)"/>
<rect x="100" y="90" width="200" height="100" rx="10" fill="#fff" opacity="0.45"/>
<rect x="100" y="206" width="94" height="110" rx="10" fill="#fff" opacity="0.3"/>
<rect x="206" y="206" width="94" height="110" rx="10" fill="#fff" opacity="0.55"/>
<circle cx="200" cy="54" r="4" fill="#0f172a"/>`;
    case 'laptop':
      return `<rect x="70" y="70" width="260" height="180" rx="14" fill="${f}"/>
<rect x="84" y="84" width="232" height="152" rx="6" fill="url(#screen)"/>
<path d="M110 200 L160 150 L200 180 L260 120 L292 150" stroke="#fff" stroke-width="6" fill="none" opacity="0.8"/>
<path d="M40 258 L360 258 L384 298 Q386 308 374 308 L26 308 Q14 308 16 298 Z" fill="${ink}"/>
<rect x="168" y="262" width="64" height="8" rx="4" fill="#fff" opacity="0.4"/>`;
    case 'headphones':
      return `<path d="M86 230 Q86 62 200 62 Q314 62 314 230" fill="none" stroke="${ink}" stroke-width="26" stroke-linecap="round"/>
<rect x="52" y="196" width="78" height="140" rx="34" fill="${f}"/>
<rect x="270" y="196" width="78" height="140" rx="34" fill="${f}"/>
<rect x="112" y="214" width="26" height="104" rx="12" fill="${ink}"/>
<rect x="262" y="214" width="26" height="104" rx="12" fill="${ink}"/>
<rect x="62" y="212" width="18" height="100" rx="9" fill="${hl}"/>`;
    case 'monitor':
      return `<rect x="34" y="52" width="332" height="212" rx="14" fill="${f}"/>
<rect x="50" y="68" width="300" height="180" rx="6" fill="url(#screen)"/>
<circle cx="150" cy="150" r="40" fill="#fff" opacity="0.35"/>
<path d="M50 230 L140 170 L200 210 L270 150 L350 200 L350 248 L50 248 Z" fill="#fff" opacity="0.45"/>
<path d="M170 264 L230 264 L244 330 L156 330 Z" fill="${ink}"/>
<rect x="110" y="326" width="180" height="18" rx="9" fill="${ink}"/>`;
    case 'camera':
      return `<rect x="140" y="92" width="96" height="46" rx="10" fill="${ink}"/>
<rect x="52" y="126" width="296" height="200" rx="26" fill="${f}"/>
<rect x="52" y="166" width="296" height="24" fill="${ink}" opacity="0.4"/>
<circle cx="200" cy="228" r="80" fill="#0f172a"/>
<circle cx="200" cy="228" r="58" fill="url(#screen)"/>
<circle cx="200" cy="228" r="28" fill="#0f172a"/>
<circle cx="182" cy="208" r="12" fill="#fff" opacity="0.7"/>
<rect x="288" y="144" width="36" height="16" rx="6" fill="#f8fafc"/>`;
    case 'bottle':
      return `<rect x="164" y="28" width="72" height="60" rx="10" fill="${ink}"/>
<rect x="176" y="84" width="48" height="40" fill="#e2e8f0"/>
<rect x="124" y="118" width="152" height="258" rx="36" fill="${f}"/>
<rect x="144" y="196" width="112" height="112" rx="10" fill="#fff" opacity="0.88"/>
<rect x="160" y="222" width="80" height="12" rx="6" fill="${p.main}"/>
<rect x="168" y="246" width="64" height="8" rx="4" fill="${ink}" opacity="0.5"/>
<rect x="172" y="266" width="56" height="8" rx="4" fill="${ink}" opacity="0.35"/>
<rect x="136" y="130" width="22" height="230" rx="11" fill="${hl}"/>`;
    case 'jar':
      return `<rect x="76" y="150" width="248" height="64" rx="16" fill="${ink}"/>
<rect x="88" y="206" width="224" height="160" rx="26" fill="${f}"/>
<rect x="118" y="244" width="164" height="84" rx="10" fill="#fff" opacity="0.88"/>
<rect x="142" y="270" width="116" height="12" rx="6" fill="${p.main}"/>
<rect x="160" y="292" width="80" height="8" rx="4" fill="${ink}" opacity="0.4"/>
<rect x="98" y="216" width="18" height="136" rx="9" fill="${hl}"/>`;
    case 'pan':
      return `<rect x="270" y="196" width="124" height="30" rx="15" fill="#292524" transform="rotate(-12 270 210)"/>
<ellipse cx="168" cy="230" rx="146" ry="128" fill="${f}"/>
<ellipse cx="168" cy="222" rx="122" ry="104" fill="#1c1917"/>
<ellipse cx="140" cy="196" rx="54" ry="34" fill="#fff" opacity="0.12"/>`;
    case 'mug':
      return `<path d="M300 170 Q370 170 370 236 Q370 300 292 300" fill="none" stroke="${ink}" stroke-width="24"/>
<path d="M80 120 L310 120 L292 352 Q290 372 270 372 L120 372 Q100 372 98 352 Z" fill="${f}"/>
<ellipse cx="195" cy="120" rx="115" ry="20" fill="#78350f"/>
<path d="M150 90 Q130 60 150 34 M200 90 Q180 56 200 24 M250 90 Q230 60 250 34" stroke="#94a3b8" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.6"/>
<rect x="106" y="150" width="22" height="190" rx="11" fill="${hl}"/>`;
    case 'ball':
      return `<circle cx="200" cy="200" r="160" fill="#f8fafc" stroke="#cbd5e1" stroke-width="4"/>
<path d="M200 140 L248 175 L230 232 L170 232 L152 175 Z" fill="${f}"/>
<path d="M200 40 L200 80 M250 46 L236 86 M150 46 L164 86" stroke="${ink}" stroke-width="6"/>
<path d="M200 80 L236 86 L248 130 L200 140 L152 130 L164 86 Z" fill="${f}" opacity="0.9"/>
<path d="M70 150 L120 160 L130 220 L82 262 L50 220 Q48 180 70 150 Z" fill="${f}"/>
<path d="M330 150 L280 160 L270 220 L318 262 L350 220 Q352 180 330 150 Z" fill="${f}"/>
<path d="M150 320 L170 280 L230 280 L250 320 Q200 350 150 320 Z" fill="${f}"/>
<circle cx="150" cy="120" r="60" fill="#fff" opacity="0.25"/>`;
    case 'dumbbell':
      return `<rect x="100" y="186" width="200" height="28" rx="10" fill="#94a3b8"/>
<rect x="40" y="120" width="44" height="160" rx="14" fill="${f}"/>
<rect x="80" y="140" width="36" height="120" rx="12" fill="${f}"/>
<rect x="316" y="120" width="44" height="160" rx="14" fill="${f}"/>
<rect x="284" y="140" width="36" height="120" rx="12" fill="${f}"/>
<rect x="48" y="130" width="12" height="140" rx="6" fill="${hl}"/>
<rect x="324" y="130" width="12" height="140" rx="6" fill="${hl}"/>`;
    case 'robot':
      return `<line x1="200" y1="40" x2="200" y2="80" stroke="${ink}" stroke-width="8"/>
<circle cx="200" cy="36" r="14" fill="#facc15"/>
<rect x="120" y="78" width="160" height="120" rx="28" fill="${f}"/>
<circle cx="166" cy="136" r="20" fill="#f8fafc"/><circle cx="234" cy="136" r="20" fill="#f8fafc"/>
<circle cx="170" cy="138" r="9" fill="#0f172a"/><circle cx="238" cy="138" r="9" fill="#0f172a"/>
<rect x="176" y="170" width="48" height="8" rx="4" fill="${ink}"/>
<rect x="110" y="206" width="180" height="130" rx="24" fill="${f}"/>
<rect x="150" y="236" width="100" height="60" rx="10" fill="#f8fafc" opacity="0.85"/>
<circle cx="175" cy="266" r="10" fill="#ef4444"/><circle cx="205" cy="266" r="10" fill="#facc15"/><circle cx="235" cy="266" r="10" fill="#22c55e"/>
<rect x="62" y="214" width="40" height="100" rx="20" fill="${ink}"/><rect x="298" y="214" width="40" height="100" rx="20" fill="${ink}"/>
<rect x="136" y="334" width="44" height="42" rx="10" fill="${ink}"/><rect x="220" y="334" width="44" height="42" rx="10" fill="${ink}"/>`;
    case 'book':
      return `<rect x="104" y="44" width="226" height="320" rx="10" fill="#f1f5f9" stroke="#cbd5e1" stroke-width="3"/>
<rect x="84" y="34" width="226" height="320" rx="10" fill="${f}"/>
<rect x="84" y="34" width="30" height="320" rx="8" fill="${ink}"/>
<rect x="140" y="90" width="140" height="16" rx="8" fill="#fff" opacity="0.9"/>
<rect x="140" y="118" width="100" height="12" rx="6" fill="#fff" opacity="0.7"/>
<circle cx="210" cy="230" r="48" fill="#fff" opacity="0.25"/>
<rect x="140" y="310" width="80" height="10" rx="5" fill="#fff" opacity="0.7"/>`;
    case 'tyre':
      return `<circle cx="200" cy="200" r="168" fill="#1f2937"/>
<circle cx="200" cy="200" r="150" fill="none" stroke="#374151" stroke-width="14" stroke-dasharray="18 12"/>
<circle cx="200" cy="200" r="104" fill="${f}"/>
${Array.from({ length: 5 }, (_, i) => `<rect x="190" y="106" width="20" height="94" rx="8" fill="#e5e7eb" transform="rotate(${i * 72} 200 200)"/>`).join('')}
<circle cx="200" cy="200" r="30" fill="#e5e7eb"/><circle cx="200" cy="200" r="12" fill="${ink}"/>`;
    case 'helmet':
      return `<path d="M50 270 Q50 60 214 60 Q352 60 352 232 L352 292 Q352 306 338 306 L64 306 Q50 306 50 292 Z" fill="${f}"/>
<path d="M196 140 L352 140 L352 236 Q300 252 210 236 Q186 190 196 140 Z" fill="#0f172a" opacity="0.85"/>
<path d="M220 156 L330 156" stroke="#fff" stroke-width="8" opacity="0.4" stroke-linecap="round"/>
<path d="M80 180 Q110 100 180 84" stroke="#fff" stroke-width="14" fill="none" opacity="0.35" stroke-linecap="round"/>
<rect x="50" y="286" width="302" height="22" rx="8" fill="${ink}"/>`;
    case 'bowl':
      return `<line x1="230" y1="40" x2="330" y2="180" stroke="#92400e" stroke-width="10" stroke-linecap="round"/>
<line x1="262" y1="34" x2="350" y2="170" stroke="#92400e" stroke-width="10" stroke-linecap="round"/>
<ellipse cx="200" cy="196" rx="150" ry="40" fill="#fde68a"/>
<circle cx="150" cy="180" r="26" fill="#f97316"/><circle cx="206" cy="170" r="22" fill="#16a34a"/><circle cx="250" cy="186" r="24" fill="#dc2626"/>
<ellipse cx="180" cy="196" rx="40" ry="12" fill="#fff7ed"/>
<path d="M44 200 L356 200 Q346 340 200 350 Q54 340 44 200 Z" fill="${f}"/>
<path d="M70 226 Q120 300 200 312" stroke="#fff" stroke-width="10" fill="none" opacity="0.35" stroke-linecap="round"/>`;
    case 'snack':
      return `<path d="M96 60 L116 44 L136 60 L156 44 L176 60 L196 44 L216 60 L236 44 L256 60 L276 44 L296 60 L304 60 L320 350 L296 366 L276 350 L256 366 L236 350 L216 366 L196 350 L176 366 L156 350 L136 366 L116 350 L96 366 L80 350 Z" fill="${f}"/>
<ellipse cx="200" cy="200" rx="86" ry="70" fill="#fff" opacity="0.9"/>
<circle cx="180" cy="196" r="26" fill="#facc15"/><circle cx="220" cy="210" r="22" fill="#f59e0b"/>
<rect x="130" y="290" width="140" height="20" rx="10" fill="#fff" opacity="0.8"/>
<path d="M108 80 L124 330" stroke="#fff" stroke-width="12" opacity="0.3" stroke-linecap="round"/>`;
    case 'babybottle':
      return `<path d="M180 30 Q200 10 220 30 L226 80 L174 80 Z" fill="#fbbf24"/>
<rect x="154" y="76" width="92" height="40" rx="10" fill="${f}"/>
<rect x="140" y="112" width="120" height="258" rx="40" fill="#e0f2fe" stroke="#bae6fd" stroke-width="4"/>
<rect x="148" y="220" width="104" height="142" rx="34" fill="#fff"/>
${[150, 190, 230, 270, 310].map((y) => `<line x1="230" y1="${y}" x2="252" y2="${y}" stroke="${p.main}" stroke-width="5"/>`).join('')}
<rect x="150" y="130" width="16" height="220" rx="8" fill="#fff" opacity="0.7"/>`;
    case 'lamp':
      return `<path d="M120 40 L280 40 L330 170 L70 170 Z" fill="${f}"/>
<path d="M120 40 L160 40 L130 170 L70 170 Z" fill="${hl}"/>
<rect x="192" y="170" width="16" height="150" fill="#78716c"/>
<ellipse cx="200" cy="180" rx="60" ry="10" fill="#fef08a" opacity="0.9"/>
<rect x="120" y="316" width="160" height="40" rx="16" fill="${ink}"/>`;
    case 'guitar':
      return `<rect x="186" y="20" width="28" height="190" rx="6" fill="#78350f"/>
<rect x="176" y="10" width="48" height="40" rx="10" fill="#451a03"/>
<circle cx="200" cy="250" r="74" fill="${f}"/>
<circle cx="200" cy="322" r="64" fill="${f}"/>
<circle cx="200" cy="258" r="26" fill="#0f172a"/>
<rect x="170" y="322" width="60" height="12" rx="4" fill="#451a03"/>
${[192, 198, 204, 210].map((x) => `<line x1="${x - 2}" y1="30" x2="${x - 2}" y2="328" stroke="#e5e7eb" stroke-width="1.5"/>`).join('')}
<circle cx="170" cy="230" r="28" fill="#fff" opacity="0.18"/>`;
    case 'car':
      return `<path d="M30 262 Q30 212 76 206 L120 200 L170 138 Q182 124 204 124 L290 124 Q310 124 320 140 L356 204 Q380 212 380 244 L380 280 L30 280 Z" fill="${f}"/>
<path d="M132 200 L176 146 L236 146 L236 200 Z" fill="#bae6fd"/>
<path d="M254 146 L294 146 L326 200 L254 200 Z" fill="#bae6fd"/>
<circle cx="104" cy="282" r="44" fill="#1f2937"/><circle cx="104" cy="282" r="20" fill="#d1d5db"/>
<circle cx="306" cy="282" r="44" fill="#1f2937"/><circle cx="306" cy="282" r="20" fill="#d1d5db"/>
<rect x="352" y="222" width="24" height="14" rx="6" fill="#fde047"/>
<path d="M60 230 L340 230" stroke="#fff" stroke-width="6" opacity="0.35"/>`;
  }
}

function productDefs(p: Palette): string {
  return `<linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.45" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#0f172a" stop-opacity="0.32"/><stop offset="0.6" stop-color="#0f172a" stop-opacity="0.12"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>`;
}

/** An 800×800 product picture; styles differ in background and framing so galleries vary. */
export function productSvg(icon: ProductIcon, paletteIndex: number, style: number): string {
  const p = PALETTES[paletteIndex] as Palette;
  const s = PRODUCT_IMAGE_SIZE;
  let bgDefs = '';
  let background: string;
  let transform: string;
  if (style === 0) {
    bgDefs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>`;
    background = `<rect width="${s}" height="${s}" fill="url(#bg)"/>
<circle cx="660" cy="140" r="120" fill="#fff" opacity="0.45"/><circle cx="120" cy="700" r="90" fill="#fff" opacity="0.35"/>`;
    transform = 'translate(160 150) scale(1.2)';
  } else if (style === 1) {
    bgDefs = `<radialGradient id="bg" cx="0.5" cy="0.42" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${p.bg2}"/></radialGradient>
<pattern id="dots" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="3" fill="${p.main}" opacity="0.12"/></pattern>`;
    background = `<rect width="${s}" height="${s}" fill="url(#bg)"/><rect width="${s}" height="${s}" fill="url(#dots)"/>`;
    transform = 'translate(150 190) rotate(-8 240 240) scale(1.15)';
  } else {
    background = `<rect width="${s}" height="${s}" fill="${p.bg1}"/>
<rect y="520" width="${s}" height="280" fill="${p.bg2}"/>
<ellipse cx="400" cy="616" rx="300" ry="64" fill="#fff" opacity="0.7"/>`;
    transform = 'translate(110 60) scale(1.45)';
  }
  const shadowY = [612, 630, 614][style] ?? 612;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
<defs>${productDefs(p)}${bgDefs}</defs>
${background}
<ellipse cx="400" cy="${shadowY}" rx="250" ry="40" fill="url(#shadow)"/>
<g transform="${transform}">${iconShapes(icon, p, 'url(#body)')}</g>
</svg>`;
}

/** A small square thumbnail for categories and subcategories. */
export function thumbSvg(icon: ProductIcon, paletteIndex: number, size: number): string {
  const p = PALETTES[paletteIndex] as Palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
<defs>${productDefs(p)}<radialGradient id="bg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${p.bg2}"/></radialGradient></defs>
<rect width="400" height="400" rx="80" fill="url(#bg)"/>
<g transform="translate(60 60) scale(0.7)">${iconShapes(icon, p, 'url(#body)')}</g>
</svg>`;
}

/** Wide promotional picture with a headline, a subline and product silhouettes on the right. */
export function bannerSvg(opts: {
  width: number;
  height: number;
  title: string;
  subtitle: string;
  badge?: string;
  icons: ProductIcon[];
  palette: number;
  seed: number;
  /** The button text; null draws no button. */
  cta?: string | null;
}): string {
  const { width: w, height: h } = opts;
  const p = PALETTES[opts.palette % PALETTES.length] as Palette;
  const rng = new Rng(opts.seed);
  const circles = Array.from({ length: 6 }, () => {
    const r = rng.int(Math.round(h * 0.08), Math.round(h * 0.3));
    return `<circle cx="${rng.int(0, w)}" cy="${rng.int(0, h)}" r="${r}" fill="#fff" opacity="${(0.05 + rng.next() * 0.1).toFixed(2)}"/>`;
  }).join('');
  const iconSize = h * 0.56;
  const icons = opts.icons
    .slice(0, 3)
    .map((icon, i) => {
      const scale = (iconSize / 400) * (i === 0 ? 1 : 0.72);
      const x = w - iconSize - h * 0.06 - i * iconSize * 0.76;
      const y = i === 0 ? h * 0.18 : h * 0.32;
      const ip = PALETTES[(opts.palette + i + 1) % PALETTES.length] as Palette;
      return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${scale.toFixed(3)})">${iconShapes(icon, ip, `url(#b${i})`)}</g>`;
    })
    .reverse()
    .join('');
  const bodyGradients = [0, 1, 2]
    .map((i) => {
      const ip = PALETTES[(opts.palette + i + 1) % PALETTES.length] as Palette;
      return `<linearGradient id="b${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${ip.light}"/><stop offset="0.5" stop-color="${ip.main}"/><stop offset="1" stop-color="${ip.dark}"/></linearGradient>`;
    })
    .join('');
  const titleSize = Math.round(h * 0.11);
  const subSize = Math.round(h * 0.055);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.main}"/></linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
${bodyGradients}<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>${circles}
<ellipse cx="${(w - iconSize * 1.2).toFixed(0)}" cy="${(h * 0.86).toFixed(0)}" rx="${(iconSize * 1.3).toFixed(0)}" ry="${(h * 0.05).toFixed(0)}" fill="#000" opacity="0.25" filter="url(#soft)"/>
${icons}
${opts.badge ? `<rect x="${h * 0.16}" y="${h * 0.16}" width="${opts.badge.length * subSize * 0.8 + subSize * 1.6}" height="${subSize * 1.8}" rx="${subSize * 0.9}" fill="#facc15"/><text x="${h * 0.16 + subSize * 0.7}" y="${h * 0.16 + subSize * 1.25}" font-family="${FONT}" font-weight="bold" font-size="${subSize}" fill="#1f2937">${esc(opts.badge)}</text>` : ''}
<text x="${h * 0.16}" y="${h * 0.52}" font-family="${FONT}" font-weight="bold" font-size="${titleSize}" fill="#fff">${esc(opts.title)}</text>
<text x="${h * 0.16}" y="${h * 0.52 + subSize * 2}" font-family="${FONT}" font-size="${subSize}" fill="#fff" opacity="0.92">${esc(opts.subtitle)}</text>
${
  opts.cta === null
    ? ''
    : `<rect x="${h * 0.16}" y="${h * 0.72}" width="${subSize * 10}" height="${subSize * 2}" rx="${subSize}" fill="#fff"/>
<text x="${h * 0.16 + subSize * 5}" y="${h * 0.72 + subSize * 1.3}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${subSize * 0.8}" fill="${p.dark}">${esc(opts.cta ?? 'Belanja Sekarang')}</text>`
}
</svg>`;
}

/** A round badge with initials: shop logos and brand marks. */
export function badgeSvg(
  initials: string,
  color: string,
  size: number,
  shape: 'circle' | 'rounded' = 'circle',
): string {
  const r = shape === 'circle' ? size / 2 : size * 0.22;
  const fontSize = Math.round(size * (initials.length > 2 ? 0.28 : 0.38));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -0.35)}"/></linearGradient></defs>
<rect width="${size}" height="${size}" rx="${r}" fill="url(#g)"/>
<circle cx="${size * 0.78}" cy="${size * 0.22}" r="${size * 0.18}" fill="#fff" opacity="0.15"/>
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${fontSize}" fill="#fff">${esc(initials)}</text>
</svg>`;
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const out = amount >= 0 ? v + (255 - v) * amount : v * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(out)));
  };
  const r = channel((n >> 16) & 255);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** A deterministic QR-like mark (finder squares plus modules) for the footer's app download. */
export function qrSvg(seed: number, modules = 29): string {
  const rng = new Rng(seed);
  const cell = 8;
  const size = (modules + 4) * cell;
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= modules - 8 && y < 8) || (x < 8 && y >= modules - 8);
  const rects: string[] = [];
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!inFinder(x, y) && rng.chance(0.48))
        rects.push(`M${(x + 2) * cell} ${(y + 2) * cell}h${cell}v${cell}h-${cell}z`);
    }
  }
  const finder = (fx: number, fy: number) => {
    const x = (fx + 2) * cell;
    const y = (fy + 2) * cell;
    return `<rect x="${x}" y="${y}" width="${7 * cell}" height="${7 * cell}" fill="#111827"/><rect x="${x + cell}" y="${y + cell}" width="${5 * cell}" height="${5 * cell}" fill="#fff"/><rect x="${x + 2 * cell}" y="${y + 2 * cell}" width="${3 * cell}" height="${3 * cell}" fill="#111827"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" fill="#fff"/>
<path d="${rects.join('')}" fill="#111827"/>
${finder(0, 0)}${finder(modules - 7, 0)}${finder(0, modules - 7)}
</svg>`;
}

export interface ImageJob {
  /** Public path, /uploads/demo/... */
  path: string;
  width: number;
  height: number;
  alt: string;
  /** Builds the SVG source; only called when the file has to be written. */
  svg: () => string;
  /** Write the SVG as is instead of rendering it to WebP. */
  raw?: boolean;
}

/** The media store's key of a public /uploads/... path (`/uploads/demo/a.webp` -> `uploads/demo/a.webp`). */
export function keyFor(publicPath: string): string {
  return publicPath.replace(/^\//, '');
}

/**
 * Writes every picture that is not in the media store yet, a few at a time (sharp renders on
 * libuv's thread pool, so more in flight than threads only queues; a bucket answers in parallel).
 */
export async function renderImages(
  media: MediaStore,
  jobs: readonly ImageJob[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ written: number; skipped: number }> {
  const sharp = await loadSharp();
  sharp.cache(false);
  let next = 0;
  let done = 0;
  let written = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as ImageJob;
      const key = keyFor(job.path);
      if (!(await media.stat(key))) {
        const source = job.svg();
        const body = job.raw
          ? Buffer.from(source)
          : await sharp(Buffer.from(source)).resize(job.width, job.height).webp({ quality: 80, effort: 1 }).toBuffer();
        await media.put(key, body);
        written++;
      }
      done++;
      onProgress?.(done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { written, skipped: jobs.length - written };
}
