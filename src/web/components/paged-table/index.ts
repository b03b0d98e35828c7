export { PagedTable, urlPaging, type Paging } from './PagedTable';
export { useUrlDraft, useUrlView } from './use-url-view';
