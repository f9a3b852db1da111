// anafanafo (shields' text-width tables, a dependency of badge-maker) ships no types.
declare module 'anafanafo' {
  /** Width in pixels of `text` in one of the measured fonts. */
  export default function measure(text: string, opts: { font: '10px Verdana' | 'bold 10px Verdana' | '11px Verdana' | 'bold 11px Helvetica'; guess?: boolean }): number
}
