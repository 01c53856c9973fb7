// fontkit ships no types; pdfkit only needs the parsed font object it accepts in registerFont.
declare module "fontkit" {
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
