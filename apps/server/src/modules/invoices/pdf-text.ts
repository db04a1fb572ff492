import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * The fonts of the invoice, from npm packages (no download, no system font): Noto Sans for Latin
 * (with its extended subset) and IBM Plex Sans Arabic for Arabic script; fontkit reads the woff
 * files. The Arabic font draws each letter's joined form as one glyph of its own: fonts that build
 * dotted letters from a shared dotless glyph and separate dots (Noto Sans Arabic) leave the PDF's
 * text unreadable to copying, search and screen readers, since a glyph maps to one character.
 */
export const FONT_FILES = {
  latin: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  latinBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  ext: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
  extBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
  arabic: require.resolve('@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff'),
  arabicBold: require.resolve('@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff'),
} as const;

type Doc = InstanceType<typeof PDFDocument>;
const bidi = bidiFactory();

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Latin Extended letters (Ş, ā, ...): Noto Sans keeps them in a second file. */
const LATIN_EXT = /[\u0100-\u024F\u1E00-\u1EFF\u2C60-\u2C7F\uA720-\uA7FF]/;
const WEAK = /[\s\u200E\u200F]/;
/** Direction marks and isolates: they steer the order and are not drawn. */
const FORMAT = /[\u200E\u200F\u2066-\u2069]/;

/** Keeps a left-to-right value (an order code, an amount) in one piece inside right-to-left text. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;

type FontKind = 'latin' | 'ext' | 'arabic';
const kindOf = (char: string): FontKind => (ARABIC.test(char) ? 'arabic' : LATIN_EXT.test(char) ? 'ext' : 'latin');

interface Run {
  text: string;
  level: number;
  font: FontKind;
}

/** The logical text cut into runs of one embedding level and one font. */
function runsOf(text: string, rtl: boolean): Run[] {
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const runs: Run[] = [];
  const chars = [...text];
  let index = 0;
  for (const char of chars) {
    const level = levels[index] ?? 0;
    index += char.length;
    if (FORMAT.test(char)) continue;
    const last = runs.at(-1);
    // Spaces stay in the run they sit in, so an Arabic phrase is shaped as one.
    const font = WEAK.test(char) && last ? last.font : kindOf(char);
    if (last && last.level === level && last.font === font) last.text += char;
    else runs.push({ text: char, level, font });
  }
  return runs;
}

/**
 * The runs in display order (Unicode bidi rule L2). Arabic runs keep their logical order: fontkit
 * shapes them and lays their glyphs right to left itself; other runs on an odd level are reversed
 * here, with mirrored brackets.
 */
function visualRuns(text: string, rtl: boolean): Run[] {
  const runs = runsOf(text, rtl);
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if ((runs[i] as Run).level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && (runs[j] as Run).level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.flatMap((run): Run[] => {
    if (run.font === 'arabic') {
      // Drawn as one string, pdfkit lost the spaces between Arabic words: each word is drawn on its
      // own (shaping works within a word), right to left, with the spaces between them.
      const tokens = run.text.split(/(\s+)/).filter(Boolean);
      if (run.level % 2 === 1) tokens.reverse();
      return tokens.map((token) => ({ ...run, text: token, font: /^\s+$/.test(token) ? 'latin' : 'arabic' }));
    }
    return [
      run.level % 2 === 1
        ? {
            ...run,
            text: [...run.text]
              .reverse()
              .map((c) => bidi.getMirroredCharacter(c) ?? c)
              .join(''),
          }
        : run,
    ];
  });
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

/** What pdfkit keeps of an embedded font: the characters each glyph stands for (its ToUnicode map). */
interface EmbeddedFontMap {
  unicode: number[][];
}

/** Writes shaped, bidi-ordered text; user text is only ever written as text. */
export class PdfText {
  private readonly arabicFonts = new Set<EmbeddedFontMap>();

  constructor(
    private readonly doc: Doc,
    readonly rtl: boolean,
  ) {
    doc.registerFont('latin', FONT_FILES.latin);
    doc.registerFont('latin-bold', FONT_FILES.latinBold);
    doc.registerFont('ext', FONT_FILES.ext);
    doc.registerFont('ext-bold', FONT_FILES.extBold);
    doc.registerFont('arabic', FONT_FILES.arabic);
    doc.registerFont('arabic-bold', FONT_FILES.arabicBold);
  }

  private fontOf(run: Run, style: TextStyle) {
    return `${run.font}${style.bold ? '-bold' : ''}`;
  }

  width(text: string, style: TextStyle): number {
    return runsOf(text, this.rtl).reduce(
      (sum, run) => sum + this.doc.font(this.fontOf(run, style)).fontSize(style.size).widthOfString(run.text),
      0,
    );
  }

  /** One line in a box from x to x + width: aligned to the start of the reading direction unless `align`. */
  line(text: string, x: number, y: number, width: number, style: TextStyle, align?: 'start' | 'end') {
    const clean = text.replace(/[\r\n\t]+/g, ' ');
    const total = this.width(clean, style);
    const toRight = (align ?? 'start') === 'start' ? this.rtl : !this.rtl;
    let cx = toRight ? x + width - total : x;
    this.doc.fillColor(style.color ?? '#0f172a');
    for (const run of visualRuns(clean, this.rtl)) {
      this.doc.font(this.fontOf(run, style)).fontSize(style.size);
      if (run.font === 'arabic') this.arabicFonts.add((this.doc as unknown as { _font: EmbeddedFontMap })._font);
      this.doc.text(run.text, cx, y, { lineBreak: false });
      cx += this.doc.widthOfString(run.text);
    }
  }

  /**
   * Call before doc.end(). Arabic glyphs are written in display order (right to left), so a reader
   * that copies or extracts the text reverses it back to reading order, character by character. A
   * ligature glyph stands for several letters ("لا", "لى"): listed in reading order they would come
   * out swapped, so they are listed in display order like the rest of the line.
   */
  finish() {
    for (const font of this.arabicFonts) {
      font.unicode = font.unicode.map((codePoints) => (codePoints.length > 1 ? [...codePoints].reverse() : codePoints));
    }
  }

  /** Wraps text into lines that fit `width` (by words); returns the height used. */
  block(text: string, x: number, y: number, width: number, style: TextStyle, lineHeight = style.size * 1.45) {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = current ? `${current} ${word}` : word;
        if (current && this.width(next, style) > width) {
          lines.push(current);
          current = word;
        } else current = next;
      }
      lines.push(current);
    }
    lines.forEach((l, i) => {
      this.line(l, x, y + i * lineHeight, width, style);
    });
    return lines.length * lineHeight;
  }
}
