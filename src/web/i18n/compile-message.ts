/**
 * Compiles an ICU message into Lingui's compiled form, which format-message.ts formats.
 *
 * Lingui's own compiler (`@lingui/message-utils`) parses with moo and @messageformat/parser: about 7 KB
 * gzipped in every first load (docs/performance.md#size-budgets), for the few ICU forms our messages use. This one reads those
 * forms: text with ICU apostrophe quoting, `{name}`, `{name, number}` (and other formatters with a style),
 * and `plural`, `selectordinal` and `select` with `offset:`, `=N` cases and `#`. A test compiles every
 * message of the catalogues with both compilers and requires the same result.
 */
export type CompiledMessage = CompiledPart[];
type CompiledPart =
  | string
  | [name: string]
  | [name: string, type: string]
  | [name: string, type: string, format: string | CompiledCases];
export interface CompiledCases {
  offset: number | undefined;
  [key: string]: CompiledMessage | number | undefined;
}

const CASE_TYPES = new Set(['plural', 'selectordinal', 'select']);

export function compileMessage(message: string): CompiledMessage {
  try {
    const reader = new MessageReader(message);
    const parts = reader.parts(false);
    if (!reader.done()) throw new Error(`Unexpected "${message[reader.at]}" at ${reader.at}`);
    return parts;
  } catch (error) {
    // As Lingui's compiler does: a broken message shows as written rather than breaking the page.
    console.error(`${(error as Error).message}\n\nMessage: ${message}`);
    return [message];
  }
}

class MessageReader {
  at = 0;

  constructor(private readonly text: string) {}

  done(): boolean {
    return this.at >= this.text.length;
  }

  /** Text and arguments up to an unmatched `}` or the end; `#` is the number inside a plural's case. */
  parts(inPlural: boolean): CompiledMessage {
    const parts: CompiledMessage = [];
    let text = '';
    while (!this.done()) {
      const char = this.text[this.at]!;
      if (char === '}') break;
      if (char === '{') {
        if (text) parts.push(text);
        text = '';
        parts.push(this.argument(inPlural));
      } else if (char === '#' && inPlural) {
        if (text) parts.push(text);
        text = '';
        parts.push('#');
        this.at += 1;
      } else if (char === "'") {
        text += this.quoted(inPlural);
      } else {
        text += char;
        this.at += 1;
      }
    }
    if (text) parts.push(text);
    return parts;
  }

  /**
   * ICU quoting: `''` is one apostrophe; `'` before a syntax character quotes up to the next lone `'`
   * (outside a plural `'#` is plain text). An apostrophe that closes nothing is itself.
   */
  private quoted(inPlural: boolean): string {
    const next = this.text[this.at + 1];
    if (next === "'") {
      this.at += 2;
      return "'";
    }
    const quote = /^'[{}#](?:[^']|'')*'(?!')/.exec(this.text.slice(this.at));
    if (quote && (next !== '#' || inPlural)) {
      this.at += quote[0].length;
      return quote[0].slice(1, -1).replace(/''/g, "'");
    }
    this.at += 1;
    return "'";
  }

  private argument(inPlural: boolean): CompiledPart {
    this.expect('{');
    const name = this.word();
    if (this.take('}')) return [name];
    this.expect(',');
    const type = this.word();
    if (this.take('}')) return [name, type];
    this.expect(',');
    if (!CASE_TYPES.has(type)) {
      const start = this.at;
      let depth = 0;
      while (!this.done() && (this.text[this.at] !== '}' || depth > 0)) {
        if (this.text[this.at] === '{') depth += 1;
        if (this.text[this.at] === '}') depth -= 1;
        this.at += 1;
      }
      const style = this.text.slice(start, this.at).trim();
      this.expect('}');
      return [name, type, style];
    }
    const cases: CompiledCases = { offset: undefined };
    this.space();
    const offset = /^offset:\s*(\d+)/.exec(this.text.slice(this.at));
    if (offset) {
      cases.offset = Number(offset[1]);
      this.at += offset[0].length;
    }
    for (this.space(); !this.take('}'); this.space()) {
      const key = this.word();
      this.space();
      this.expect('{');
      cases[key.startsWith('=') ? key.slice(1) : key] = this.parts(type === 'select' ? inPlural : true);
      this.expect('}');
    }
    return [name, type, cases];
  }

  private word(): string {
    this.space();
    const match = /^[^\s,{}#']+/.exec(this.text.slice(this.at));
    if (!match) throw new Error(`Expected a name at ${this.at}`);
    this.at += match[0].length;
    this.space();
    return match[0];
  }

  private space() {
    while (!this.done() && /\s/.test(this.text[this.at]!)) this.at += 1;
  }

  private take(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at += 1;
    return true;
  }

  private expect(char: string) {
    if (!this.take(char)) throw new Error(`Expected "${char}" at ${this.at}`);
  }
}
