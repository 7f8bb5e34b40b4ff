/** What a list page split into pages shows of them: where it is, and the addresses of its neighbours. */
export interface PageLinks {
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
}
