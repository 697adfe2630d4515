import type { PageData } from '../../../shared/page-data.ts';
import type { RenderedPage } from '../../../shared/page-html.ts';

/** Messages between the server's thread and the page renderer's (page-render.worker.ts). */
export interface ToPageRenderer {
  id: number;
  path: string;
  language: string;
  origin: string;
  data: PageData;
}

export type FromPageRenderer = { id: number; page: RenderedPage } | { id: number; error: string };
