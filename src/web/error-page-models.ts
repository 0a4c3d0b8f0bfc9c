/** The error page's model, which the page error filter fills. */
import type { PageBase } from '../render/view-models';

/** `error`: a page for 4xx/5xx answers. */
export interface ErrorPage extends PageBase {
  /** The status, shown beside the message; null for a wait (429, 503), which is no one's error. */
  status: number | null;
  message: string;
  /**
   * Where to try again: the page asked for, after a wait on a page read; the page a form was
   * sent from, after a server error or a wait on the form's send.
   */
  retry: { href: string; label: string } | null;
}
