/**
 * @jest-environment node
 */
/**
 * docs/performance.md#size-budgets: our ICU compiler (kept out of Lingui's 7 KB parser) gives what Lingui's own compiler gives,
 * for every message of the catalogues in both languages and for the ICU forms it claims to read.
 */
import { compileMessage as linguiCompile } from '@lingui/message-utils/compileMessage';
import { compileMessage } from '../../../src/web/i18n/compile-message';
import { messages } from '../../../src/web/i18n/zh-CN';
import { ICU_FORMS } from './icu-forms';

describe('compileMessage', () => {
  it.each(ICU_FORMS)('compiles %j as Lingui does', (message) => {
    expect(compileMessage(message)).toEqual(linguiCompile(message));
  });

  it('compiles every catalogue message, English and Chinese, as Lingui does', () => {
    const all = Object.entries(messages).flat();
    expect(all.length).toBeGreaterThan(500);
    const different = all.filter(
      (message) => JSON.stringify(compileMessage(message)) !== JSON.stringify(linguiCompile(message)),
    );
    expect(different).toEqual([]);
  });

  it('shows a broken message as written', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(compileMessage('{count, plural, one {x}')).toEqual(['{count, plural, one {x}']);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
