/**
 * Labels made from stored data that carry values (`Standard (3 seats available)`, a coupon's name)
 * matched against translated templates ('{plan} ({count} seats available)' → '{plan}（剩余 {count} 个席位）').
 * Each template is compiled once to an anchored regex whose placeholders take any characters, newlines
 * included; the most specific template (the most literal text) is tried first. A value is kept as sent
 * unless its placeholder has words of its own (a plan name in a label reads 专业版, not Pro). Pure: no
 * React, no active language. The server's messages are not matched here: they come with a code
 * (serverText, i18n/index.ts).
 */

/**
 * Per placeholder name, the translations of the values it takes: `{ plan: { Pro: '专业版' } }`, or a
 * translator for values made from a pattern (an organization named after its admin).
 */
export type PlaceholderWords = Record<
  string,
  Record<string, string> | ((value: string) => string | undefined)
>;

interface CompiledTemplate {
  pattern: RegExp;
  names: string[];
  translation: string;
  literalLength: number;
}

const PLACEHOLDER = /\{(\w+)\}/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(english: string, translation: string): CompiledTemplate {
  const literals = english.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
  const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const pattern = new RegExp(`^${literals.map(escapeRegExp).join('([\\s\\S]+?)')}$`);
  return { pattern, names, translation, literalLength: literals.join('').length };
}

/**
 * A translator of texts by `templates` (English template → translation, both with `{name}`
 * placeholders): the translation with the message's values put in, or undefined when none matches.
 */
export function templateTranslator(
  templates: Record<string, string>,
  words: PlaceholderWords = {},
): (text: string) => string | undefined {
  const compiled = Object.entries(templates)
    .map(([english, translation]) => compile(english, translation))
    .sort((a, b) => b.literalLength - a.literalLength);
  return (text) => {
    for (const template of compiled) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const values = new Map(template.names.map((name, index) => [name, match[index + 1]!]));
      return template.translation.replace(PLACEHOLDER, (whole, name: string) => {
        const value = values.get(name);
        if (value === undefined) return whole;
        const known = words[name];
        if (typeof known === 'function') return known(value) ?? value;
        return known && Object.prototype.hasOwnProperty.call(known, value) ? known[value]! : value;
      });
    }
    return undefined;
  };
}
