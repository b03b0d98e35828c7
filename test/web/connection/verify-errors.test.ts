/**
 * @jest-environment node
 */
import { verifyErrorText, verifyResultError } from '../../../src/web/features/connection/lib/verify-errors';

describe('verifyErrorText', () => {
  test.each([
    {
      name: 'server message on a non-2xx answer, as given',
      error: { status: 422, data: { error: true, message: 'The API key was rejected' } },
      expected: 'The API key was rejected',
    },
    { name: 'non-2xx without a message', error: { status: 500, data: null }, expected: 'Verify failed' },
    {
      name: 'non-2xx with a blank message',
      error: { status: 502, data: { message: ' ' } },
      expected: 'Verify failed',
    },
    {
      name: '2xx flagged error: true without a message',
      error: { status: 200, data: { error: true } },
      expected: 'Verification failed',
    },
    {
      name: 'network failure with the browser reason',
      error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      expected: 'Error verifying settings: TypeError: Failed to fetch',
    },
    {
      name: 'timeout without a reason',
      error: { status: 'TIMEOUT_ERROR' },
      expected: 'Error verifying settings',
    },
    {
      name: 'unreadable body',
      error: { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError: bad JSON' },
      expected: 'Error verifying settings: SyntaxError: bad JSON',
    },
    { name: 'a thrown exception', error: new Error('boom'), expected: 'Verify settings error' },
    {
      name: 'an unknown status kind',
      error: { status: 'CUSTOM_ERROR', error: 'x' },
      expected: 'Verify settings error',
    },
    { name: 'nothing known', error: undefined, expected: 'Verify settings error' },
  ])('$name', ({ error, expected }) => {
    expect(verifyErrorText(error)).toBe(expected);
  });
});

describe('verifyResultError', () => {
  test.each([
    {
      name: 'a confirmed connection',
      body: { error: false, message: 'ok', api_keys: {}, data: { auth_type: 'oauth', connection_id: 'c1' } },
      expected: null,
    },
    {
      name: 'no connection id',
      body: { error: false, message: 'ok', data: {} },
      expected: 'Verification failed',
    },
    { name: 'no data', body: { error: false }, expected: 'Verification failed' },
    { name: 'error flag without message', body: { error: true }, expected: 'Verification failed' },
    {
      name: 'error flag with message',
      body: { error: true, message: 'Token expired' },
      expected: 'Token expired',
    },
    { name: 'empty body', body: null, expected: 'Verification failed' },
  ])('$name', ({ body, expected }) => {
    expect(verifyResultError(body)).toBe(expected);
  });
});
