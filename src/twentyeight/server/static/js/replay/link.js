// A record carried in the replay's own address, for a file's replay to be shared like a
// finished table's (/replay#record=…&hand=K&seat=S&step=N): the record's text as it was read
// (its seeds are 64-bit: never parsed and written again), deflated, in base64url.  In the
// address's fragment, which the browser never sends: the server neither sees nor logs it.

/** The longest address a record is offered as (a longer one is cut by chat apps and some
 *  browsers: the file is the way to share it). */
export const MOST_LINK = 8000;

/** The most text a link unpacks to: a link made to unpack to gigabytes stops here. */
const MOST_TEXT = 4_000_000;

/** `text` deflated, in base64url (no padding). */
export async function packRecord(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text `code` (from packRecord) holds; throws on a code cut short, changed, or
 *  unpacking to more than MOST_TEXT. */
export async function unpackRecord(code) {
  const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))
    .pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
    if (text.length > MOST_TEXT) {
      await reader.cancel();
      throw new Error("too long");
    }
  }
}
