/** The sign-in page's model. */
import type { PageBase } from '../render/view-models';

/** `judge/sign-in`. */
export interface SignInPage extends PageBase {
  action: string;
  username?: string;
  /** Where to go after signing in (a hidden field). */
  next?: string;
  failed?: boolean;
  /** Too many failed sign-ins: the sentence saying how long to wait. */
  throttled?: string;
}
