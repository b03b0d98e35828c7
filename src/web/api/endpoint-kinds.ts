/**
 * The few shapes an operation's request takes, for the generated endpoint modules (endpoints/<tag>.ts):
 * one short call per operation instead of a request function each, since a tag's every operation comes
 * with its module (docs/performance.md#size-budgets).
 */
import { baseApi, type ApiRequest } from './base-api';

type Build = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];
type Params = ApiRequest['params'];

/** A GET, its argument (if any) as the query string. */
export function get<Result, Arg = void>(build: Build, url: string, outsideApiBase?: true) {
  return build.query<Result, Arg>({
    query: (params) => ({ url, params: params as Params, outsideApiBase }),
  });
}

/**
 * A POST: its argument is the JSON body; with `empty`, the body is `{}` (the contract's Empty body, with
 * the JSON content type the server's CSRF rule asks for) and the argument, if any, is the query string.
 */
export function post<Result, Arg = void>(build: Build, url: string, empty?: true) {
  return build.mutation<Result, Arg>({
    query: (arg) =>
      empty ? { url, method: 'POST', params: arg as Params, body: {} } : { url, method: 'POST', body: arg },
  });
}
