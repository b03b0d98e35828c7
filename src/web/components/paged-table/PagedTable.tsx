/**
 * One paged table of the dashboard (members, audit log, spending by member): its rows (a table, or cards
 * on a phone: the caller's), above them an optional toolbar (a search box), below them the pagination,
 * whose controls wrap onto a second line on a phone instead of overflowing it. The view it pages through
 * usually lives in the URL (use-url-view.ts), so back and reload keep the page.
 */
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import type { ChangeEvent, ReactNode } from 'react';

export interface Paging {
  /** 0-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

export interface PagedTableProps extends Paging {
  /** The rows of the page shown. */
  children: ReactNode;
  /** How many rows there are in all pages. */
  total: number;
  /** The page sizes offered: small, so the DOM stays small (DESIGN.md). */
  pageSizes: readonly number[];
  /** The label of the page size's menu (default MUI's 'Rows per page:'). */
  pageSizeLabel?: string;
  /** Above the rows (a search box). */
  toolbar?: ReactNode;
  /** Framed in an outlined paper (default), or sitting in a frame of the page's. */
  framed?: boolean;
  /** No pagination when everything fits on one page of the only size (a short list needs none). */
  hideSinglePage?: boolean;
}

/** Lets the pagination controls wrap onto a second line instead of overflowing a phone screen. */
const wrappingPagination = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
} as const;

export function PagedTable(props: PagedTableProps) {
  const { children, total, toolbar, framed = true, hideSinglePage = false, ...paging } = props;
  const onePage = total <= paging.pageSize && paging.page === 0;
  const content = (
    <>
      {toolbar}
      {children}
      {!(hideSinglePage && onePage) && (
        <TablePagination
          component="div"
          count={total}
          page={paging.page}
          onPageChange={(_event, next) => paging.onPage(next)}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[...paging.pageSizes]}
          onRowsPerPageChange={(event: ChangeEvent<HTMLInputElement>) =>
            paging.onPageSize(Number(event.target.value))
          }
          {...(paging.pageSizeLabel ? { labelRowsPerPage: paging.pageSizeLabel } : {})}
          sx={wrappingPagination}
          showFirstButton
          showLastButton
        />
      )}
    </>
  );
  return framed ? <Paper variant="outlined">{content}</Paper> : content;
}

/**
 * The paging of a view kept by useUrlView: its `page` and `size`, changed through `update` (a new page
 * size starts on the first page).
 */
export function urlPaging<Size extends number>(
  view: { page: number; size: Size },
  update: (patch: { page?: number; size?: Size }) => void,
): Paging {
  return {
    page: view.page,
    pageSize: view.size,
    onPage: (page) => update({ page }),
    // The size is one the pagination offered: one of the view's sizes.
    onPageSize: (size) => update({ size: size as Size, page: 0 }),
  };
}
