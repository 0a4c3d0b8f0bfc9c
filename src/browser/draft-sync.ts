/**
 * The sheet form's rows on their way to the server. The judge's page keeps them as a draft on
 * the server 0.7 s after the last keystroke, naming the draft version it had (another judge's
 * save in between is a conflict, never written over); every page with a sheet also keeps them on
 * the device until the server has them. While the server cannot be reached the page says so, with
 * how many rows wait, and tries again when the connection returns (the browser's `online`) and
 * after a growing wait. A save pressed while offline is held and sent once when the connection is
 * back, after the draft went through the same version check.
 */
import type { Lang } from '../i18n';
import { formKey, trimmedForm, type SheetForm } from '../sheet-form/form';
import { ft } from '../sheet-form/messages';
import { retryDelay, rowsWaiting, SheetKeeper } from './offline-store';

export interface SyncOptions {
  lang: Lang;
  /** The zone times of day are said in (the events'). */
  timeZone: string;
  /** Where the judge's draft is kept on the server; null on a page that keeps none (a phone's). */
  draftUrl: string | null;
  /** Where the rows are kept on this device; null keeps nothing (a sheet of no game). */
  keepKey: string | null;
  /** The page shows the form as last left (not a post's answer): kept rows may come back into it. */
  restore: boolean;
  formNode: HTMLFormElement;
  draftInput: HTMLInputElement;
  /** The line under the help that says the draft was saved. */
  liveStatus: HTMLElement;
  /** The box that says what the connection means for the rows. */
  syncStatus: HTMLElement;
  readForm(): SheetForm;
  /** Puts rows into the page and checks them again. */
  fillForm(form: SheetForm): void;
}

/** A draft save's answer, as the server words it. */
interface DraftAnswer {
  version?: number;
  savedAt?: string;
  details?: { savedBy?: string | null; savedAt?: string; version?: number; form?: SheetForm };
  message?: string;
}

/** The other judge's save that a draft ran into. */
type OtherSave = NonNullable<DraftAnswer['details']>;

/** Drafts without an answer remembered (one a retry while the connection is down: a few suffice). */
const MAX_UNANSWERED = 8;

const SAVE_INTENTS: ReadonlySet<string> = new Set(['save', 'save-unfinished']);

export class DraftSync {
  private version: number;
  /** The rows the server has, as far as this page knows. */
  private saved: SheetForm;
  private savedKey: string;
  private dirty = false;
  private saving = false;
  private conflict = false;
  /** The server did not answer the last try (network down, or a proxy saying it is). */
  private unreachable = false;
  /** What the status says once the rows are on the server again. */
  private announce: 'form.backOnline' | 'form.allSaved' | null = null;
  private failures = 0;
  private timer: number | undefined;
  /** The rows of drafts sent whose answers never came (see `KeptSheet.unanswered`). */
  private unanswered: string[] = [];
  /** The button of a save pressed while offline, to press again when the connection is back. */
  private held: HTMLButtonElement | null = null;
  private readonly keeper: SheetKeeper | null;
  private keptOnDevice = true;
  /** The connection's box says the server cannot be reached (and nothing since). */
  private showingOffline = false;

  constructor(private readonly o: SyncOptions) {
    this.version = Number(o.draftInput.value) || 0;
    this.saved = trimmedForm(o.readForm());
    this.savedKey = formKey(this.saved);
    this.keeper = o.keepKey ? new SheetKeeper(storage(), o.keepKey) : null;
  }

  /** Brings back rows kept on the device and listens for the connection. */
  start(): void {
    this.restoreKept();
    window.addEventListener('online', () => this.online());
    window.addEventListener('offline', () => this.offline());
    this.o.formNode.addEventListener('submit', (event) => this.submitting(event));
    window.addEventListener('beforeunload', () => {
      if (this.dirty && !this.conflict && !this.isOffline()) void this.save();
    });
    if (!navigator.onLine) this.offline();
  }

  /** Whether rows typed are still on their way to the server. */
  pending(): boolean {
    return this.saving || this.dirty;
  }

  /** After every edit: the rows kept on the device, and a draft saved soon. */
  edited(): void {
    this.keep();
    if (this.isOffline()) this.showOffline();
    if (this.o.draftUrl === null) return;
    this.dirty = true;
    if (this.conflict || this.isOffline() || this.failures > 0) return; // the retry's timer is set
    this.schedule(700);
  }

  // ------------------------------------------------------------ the connection

  private isOffline(): boolean {
    return !navigator.onLine || this.unreachable;
  }

  private offline(): void {
    this.announce = 'form.backOnline';
    this.showOffline();
  }

  private online(): void {
    this.failures = 0;
    if (this.o.draftUrl === null) {
      this.unreachable = false;
      if (this.held) return this.sendHeld();
      const waiting = rowsWaiting(this.o.readForm(), this.saved);
      this.say(
        waiting > 0 ? 'warn' : null,
        waiting > 0 ? ft(this.o.lang, 'form.onlineUnsent') : '',
      );
      return;
    }
    if (this.dirty || this.unanswered.length > 0) {
      this.dirty = true;
      this.schedule(0);
    } else {
      this.unreachable = false;
      if (this.held) this.sendHeld();
      else if (this.showingOffline) this.say(null, '');
    }
  }

  private showOffline(): void {
    if (this.held) return; // the held save's box says it all
    const n = rowsWaiting(this.o.readForm(), this.saved);
    const text =
      n === 0 && this.keptOnDevice
        ? ft(this.o.lang, 'form.offline')
        : ft(this.o.lang, this.keptOnDevice ? 'form.offlineWaiting' : 'form.offlineUnkept', { n });
    this.say('warn', text);
    this.showingOffline = true;
  }

  /** The connection's box: hidden with no tone. */
  private say(tone: 'ok' | 'warn' | 'bad' | null, text: string, ...extra: Node[]): void {
    const box = this.o.syncStatus;
    this.showingOffline = false;
    box.hidden = tone === null;
    box.className = `notice ${tone ?? ''}`;
    const p = document.createElement('p');
    p.textContent = text;
    box.replaceChildren(p, ...extra);
  }

  // ------------------------------------------------------------ on the device

  private keep(): void {
    if (!this.keeper) return;
    const form = this.o.readForm();
    if (formKey(form) === this.savedKey && this.unanswered.length === 0) {
      this.keeper.clear();
      this.keptOnDevice = true;
    } else {
      this.keptOnDevice = this.keeper.write(form, this.version, this.unanswered);
    }
  }

  /**
   * Rows kept on the device that the page does not show come back into it (and go to the server
   * as a draft, based on the version they were typed over). A page that answers a post shows what
   * the server just took: what was kept is done with.
   */
  private restoreKept(): void {
    if (!this.keeper) return;
    const kept = this.o.restore ? this.keeper.read() : null;
    if (!kept || formKey(kept.form) === this.savedKey) {
      this.keeper.clear();
      return;
    }
    // Our own save went through though its answer was lost: the page's version is ours.
    if (!kept.unanswered.includes(this.savedKey)) this.version = kept.basedOn;
    this.unanswered = kept.unanswered;
    this.o.draftInput.value = String(this.version);
    const n = rowsWaiting(kept.form, this.saved);
    this.o.fillForm(kept.form);
    this.say('warn', ft(this.o.lang, 'form.restoredDevice', { n }));
    this.keep();
    if (this.o.draftUrl === null) return;
    this.announce = 'form.allSaved';
    this.dirty = true;
    this.schedule(0);
  }

  // ------------------------------------------------------------ the server's draft

  private schedule(ms: number): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.save(), ms);
  }

  private async save(): Promise<void> {
    if (this.saving || !this.dirty || this.conflict || this.o.draftUrl === null) return;
    if (!navigator.onLine) return this.showOffline(); // the `online` event tries again
    this.saving = true;
    this.dirty = false;
    const form = trimmedForm(this.o.readForm());
    const key = formKey(form);
    let answer: Response | null = null;
    let body: DraftAnswer = {};
    try {
      answer = await fetch(this.o.draftUrl, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ form, version: this.version }),
      });
      body = (await answer.json()) as DraftAnswer;
    } catch {
      // No answer, or not the server's (a proxy's page): as if it had not been reached.
    }
    this.saving = false;
    const fromServer =
      answer !== null &&
      answer.status < 500 &&
      (answer.ok ? typeof body.version === 'number' : typeof body.message === 'string');
    if (!answer || !fromServer) {
      this.failed(key, null);
    } else if (answer.status === 409) {
      this.refused(key, body.details ?? {});
    } else if (!answer.ok) {
      this.failed(null, body.message ?? String(answer.status));
    } else {
      this.stored(form, key, body);
    }
  }

  /**
   * Not saved. Without an answer (`sent`: the rows sent), the server may have them all the same:
   * remembered, so that its version is not taken for another judge's.
   */
  private failed(sent: string | null, reason: string | null): void {
    this.dirty = true;
    this.failures++;
    if (reason === null) {
      if (sent !== null && !this.unanswered.includes(sent))
        this.unanswered = [...this.unanswered, sent].slice(-MAX_UNANSWERED);
      this.unreachable = true;
      this.announce = 'form.backOnline';
      this.keep();
      this.showOffline();
    } else {
      this.keep();
      this.o.liveStatus.textContent = ft(this.o.lang, 'form.draftFailed', { reason });
    }
    this.schedule(retryDelay(this.failures));
  }

  private refused(key: string, other: OtherSave): void {
    this.unreachable = false;
    this.failures = 0;
    const theirs = other.form ? formKey(other.form) : null;
    if (theirs !== null && (this.unanswered.includes(theirs) || theirs === key)) {
      // What the server has is what this page sent: its version is ours.
      this.stored(other.form!, theirs, { version: other.version, savedAt: other.savedAt });
      return;
    }
    this.conflict = true;
    this.keep();
    if (this.held) {
      this.held = null;
      this.say('bad', ft(this.o.lang, 'form.sendHeldDropped'));
    } else if (this.announce) {
      this.say(null, '');
    }
    this.showConflict(other);
  }

  private stored(form: SheetForm, key: string, answer: DraftAnswer): void {
    this.version = answer.version ?? this.version;
    this.o.draftInput.value = String(this.version);
    this.saved = form;
    this.savedKey = key;
    this.unanswered = [];
    this.unreachable = false;
    this.failures = 0;
    const time = timeOfDay(answer.savedAt, this.o.timeZone);
    this.o.liveStatus.textContent = ft(this.o.lang, 'form.draftSaved', { time });
    this.keep();
    if (formKey(this.o.readForm()) !== key) this.dirty = true;
    if (this.announce && !this.dirty) {
      this.say('ok', ft(this.o.lang, this.announce, { time }));
      this.announce = null;
    }
    if (this.dirty) this.schedule(this.held ? 0 : 700);
    else if (this.held) this.sendHeld();
  }

  private showConflict(other: OtherSave): void {
    const { lang, formNode } = this.o;
    const box = document.createElement('div');
    box.className = 'notice bad';
    box.id = 'sheet-conflict';
    box.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = ft(lang, 'form.conflict', {
      name: other.savedBy ?? ft(lang, 'form.someone'),
      time: timeOfDay(other.savedAt, this.o.timeZone),
    });
    const keep = document.createElement('button');
    keep.type = 'button';
    keep.textContent = ft(lang, 'form.conflictKeep');
    keep.addEventListener('click', () => {
      this.version = other.version ?? 0;
      this.o.draftInput.value = String(this.version);
      this.conflict = false;
      box.remove();
      this.dirty = true;
      void this.save();
    });
    const load = document.createElement('button');
    load.type = 'button';
    load.className = 'secondary';
    load.textContent = ft(lang, 'form.conflictLoad');
    load.addEventListener('click', () => {
      // Their rows, not these again from the device.
      this.keeper?.clear();
      window.location.reload();
    });
    const actions = document.createElement('p');
    actions.className = 'actions';
    actions.append(load, keep);
    box.append(text, actions);
    document.getElementById('sheet-conflict')?.remove();
    formNode.before(box);
  }

  // ------------------------------------------------------------ posting the form

  private submitting(event: SubmitEvent): void {
    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    if (this.isOffline()) {
      event.preventDefault();
      if (button && SAVE_INTENTS.has(button.value)) this.hold(button);
      else this.say('warn', ft(this.o.lang, 'form.offlineRefused'));
      return;
    }
    // The post carries the rows; the draft it would race with is not sent. What is kept on the
    // device stays until the page that answers the post (if the post is lost, a reload has it).
    window.clearTimeout(this.timer);
    this.dirty = false;
  }

  private hold(button: HTMLButtonElement): void {
    this.held = button;
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'secondary';
    cancel.id = 'sheet-send-cancel';
    cancel.textContent = ft(this.o.lang, 'form.sendHeldCancel');
    cancel.addEventListener('click', () => {
      this.held = null;
      this.showOffline();
    });
    const actions = document.createElement('p');
    actions.className = 'actions';
    actions.append(cancel);
    this.say('warn', ft(this.o.lang, 'form.sendHeld'), actions);
  }

  /** The held save, sent once: the button is forgotten before the form is posted. */
  private sendHeld(): void {
    const button = this.held;
    this.held = null;
    if (!button || this.conflict) return;
    this.say(null, '');
    this.o.formNode.requestSubmit(button);
  }
}

/** The browser's storage, or null where it is refused. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** `14:05` in `timeZone` (the events', as the server's pages say it), from an ISO time stamp. */
export function timeOfDay(iso: string | undefined, timeZone: string): string {
  const d = iso ? new Date(iso) : new Date();
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(d);
  } catch {
    // A zone this browser does not know: its own time rather than none.
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  }
}
