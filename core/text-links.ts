/** A web link inside a visitor's text: the characters [start, end) link to `href` (found by the server, src/render/text-links.ts). */
export interface TextLink {
  start: number;
  end: number;
  href: string;
}
