/**
 * A JSON array read while it arrives: each piece of text is cut after its last whole element and
 * those elements parsed (by `JSON.parse`, natively), so an answer of half a million readings is
 * parsed as it downloads instead of all at once after its last byte. The cuts are found by
 * following strings, escapes and nesting, so any JSON array is read exactly as `JSON.parse` reads
 * it, and anything else is refused with a `SyntaxError` as `JSON.parse` would refuse it.
 */
/** Valid or not, the text is not a JSON array: refused as JSON.parse would refuse broken text. */
export class NotJsonArray extends SyntaxError {
  constructor() {
    super('The text is not a JSON array.');
    this.name = 'NotJsonArray';
  }
}

export class JsonArrayScanner {
  /** Text after the last cut: part of an element, not yet parsed. */
  private pending = '';
  /** How much of `pending` has been scanned already. */
  private scanned = 0;
  private state: 'before' | 'inside' | 'after' = 'before';
  /** Nesting inside the current element. */
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Elements found so far (a comma before the closing bracket needs one after it). */
  private elements = 0;

  /** The elements completed by `text`, in order (none while an element is still arriving). */
  push(text: string): unknown[] {
    const source = this.pending + text;
    let cut = -1; // end (a top-level comma) of the last whole element in `source`
    let close = -1;
    let index = this.scanned;
    let backslash = -1; // the next backslash at or after `index`, once looked for
    for (; index < source.length; index++) {
      const code = source.charCodeAt(index);
      if (this.state !== 'inside') {
        if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
        if (this.state === 'before' && code === 0x5b /* [ */) {
          this.state = 'inside';
          // Everything before the bracket is whitespace: the elements start after it.
          return this.restart(source, index + 1);
        }
        if (this.state === 'before') throw new NotJsonArray();
        throw new SyntaxError('Text after the JSON array.');
      }
      if (this.inString) {
        // Strings are most of a list's text: jumped through to their closing quote by the
        // native search, not read character by character (half the time of a 64 MB answer).
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        const quote = source.indexOf('"', index);
        if (backslash < index) backslash = source.indexOf('\\', index);
        if (backslash < 0) backslash = source.length;
        if (backslash < quote || (quote < 0 && backslash < source.length)) {
          // An escape: the character after the backslash is never the string's end.
          index = backslash + 1;
          if (index >= source.length) this.escaped = true;
          continue;
        }
        if (quote < 0) {
          index = source.length;
          break;
        }
        index = quote;
        this.inString = false;
        continue;
      }
      if (code === 0x22) this.inString = true;
      else if (code === 0x7b /* { */ || code === 0x5b) this.depth++;
      else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
        if (this.depth > 0) this.depth--;
        else if (code === 0x5d) {
          close = index;
          this.state = 'after';
          break;
        } else throw new SyntaxError('Unexpected "}" in the JSON array.');
      } else if (code === 0x2c /* , */ && this.depth === 0) cut = index;
    }
    // An escape at the very end steps one past it: the next piece starts with the escaped character.
    index = Math.min(index, source.length);
    let items: unknown[] = [];
    const end = close >= 0 ? close : cut;
    if (end >= 0) {
      const whole = source.slice(0, end);
      if (whole.trim() === '') {
        // "[ ]" is an empty array; "[ ," or "1, ]": a comma with nothing on one side.
        if (close < 0 || cut >= 0 || this.elements > 0)
          throw new SyntaxError('A JSON array element is missing.');
      } else {
        items = JSON.parse(`[${whole}]`) as unknown[];
        this.elements += items.length;
      }
    }
    if (close >= 0) {
      // Only whitespace may follow: checked by scanning the rest as state 'after'.
      this.pending = '';
      this.scanned = 0;
      this.push(source.slice(close + 1));
      return items;
    }
    this.pending = end >= 0 ? source.slice(end + 1) : source;
    this.scanned = end >= 0 ? index - end - 1 : index;
    return items;
  }

  /** Checks the array was closed: an answer cut short is refused, not read as a shorter list. */
  end(): void {
    if (this.state !== 'after') throw new SyntaxError('The JSON array ended early.');
  }

  private restart(source: string, from: number): unknown[] {
    this.pending = '';
    this.scanned = 0;
    return this.push(source.slice(from));
  }
}

/** Each batch of elements of the JSON array in `body`, as it arrives. */
export async function* jsonArrayBatches(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<unknown[], void, undefined> {
  const decoder = new TextDecoder();
  const scanner = new JsonArrayScanner();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const items = scanner.push(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      if (items.length > 0) yield items;
      if (done) break;
    }
    scanner.end();
  } finally {
    // Stopped early (refused, or the reader gave up): the rest is not downloaded.
    await reader.cancel().catch(() => undefined);
  }
}
