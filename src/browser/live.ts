export {};

/**
 * Live pages: a division page (standings, pairings, cross-table, a player, the
 * projector) names its events stream and the revision it shows on `<body>`.
 * The stream says each new revision of the division; when it is newer than the
 * page's, the page is fetched again and its `<main>` put in place of this one,
 * so nothing flickers and the scroll position stays; a focused link keeps the
 * focus (found again by id or address), and a status line outside the content
 * tells a screen reader that the page changed (`data-live-said`). Without this script (or
 * without EventSource) the page is simply what it was when loaded.
 */
(() => {
  const body = document.body;
  const events = body.dataset.liveEvents;
  if (!events || typeof EventSource === 'undefined' || typeof DOMParser === 'undefined') return;
  let shown = Number(body.dataset.liveRevision);
  let wanted = shown;
  let busy = false;
  let tries = 0;

  /** How to find the focused link or control again in the new content: its id, else its href. */
  const focusedIn = (main: HTMLElement): string | null => {
    const el = document.activeElement;
    if (!el || el === document.body || !main.contains(el)) return null;
    if (el.id) return `#${CSS.escape(el.id)}`;
    const href = el.getAttribute('href');
    return href ? `a[href="${CSS.escape(href)}"]` : null;
  };
  /** Tells a screen reader that the content changed (a status line outside `<main>`). */
  let status: HTMLElement | null = null;
  const announce = (): void => {
    const said = body.dataset.liveSaid;
    if (!said) return;
    if (!status) {
      status = document.createElement('p');
      status.setAttribute('role', 'status');
      status.style.cssText = 'position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden';
      body.appendChild(status);
    }
    status.textContent = '';
    setTimeout(() => {
      if (status) status.textContent = said;
    }, 100);
  };
  const refocus = (main: HTMLElement, selector: string): void => {
    const el = main.querySelector<HTMLElement>(selector);
    el?.focus({ preventScroll: true });
  };

  const refresh = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      const res = await fetch(location.href, {
        cache: 'no-cache',
        credentials: 'same-origin',
        headers: { Accept: 'text/html' },
      });
      if (res.ok) {
        const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
        const fresh = doc.getElementById('main');
        const here = document.getElementById('main');
        // A past round's page made before later rounds' results says the revision it was made
        // at; the server says in a header up to which revision it is current. A page that is no
        // longer live (a job that ended) names no revision of its own: the header's is taken.
        const own = Number(doc.body.dataset.liveRevision);
        const told = Number(res.headers.get('X-Arbiter-Revision') ?? NaN);
        const revision = Number.isFinite(own)
          ? Math.max(own, Number.isFinite(told) ? told : 0)
          : told;
        if (fresh && here && Number.isFinite(revision)) {
          const focused = focusedIn(here);
          here.replaceWith(document.adoptNode(fresh));
          if (focused) refocus(fresh, focused);
          announce();
          document.title = doc.title;
          if (revision > shown) tries = 0;
          shown = Math.max(shown, revision);
          body.dataset.liveRevision = String(shown);
        }
      }
    } catch {
      // The network dropped: the stream reconnects and says the revision again.
    } finally {
      busy = false;
    }
    // Another server behind the same address may not have heard of the write yet: ask again.
    if (wanted > shown && tries < 5) {
      tries++;
      setTimeout(() => void refresh(), 1000);
    }
  };

  /**
   * Says on the page why it no longer updates by itself, in the server's words (the page's
   * language): the refusal of a stream (429 over this browser's or this address's share, 503
   * when the server is full) cannot be read through EventSource, so it is asked once more.
   */
  let notice: HTMLElement | null = null;
  const sayRefused = async (): Promise<void> => {
    const asked = new AbortController();
    try {
      const res = await fetch(events, {
        cache: 'no-store',
        credentials: 'same-origin',
        signal: asked.signal,
      });
      if (res.status !== 429 && res.status !== 503) return;
      const text = (await res.text()).trim();
      if (!text) return;
      if (!notice) {
        notice = document.createElement('div');
        notice.setAttribute('role', 'status');
        notice.className = 'live-notice';
        notice.style.cssText =
          'margin:0;padding:.5em 1em;background:#fff4d6;border-bottom:1px solid #d9b44a;color:#3d2f00';
        const main = document.getElementById('main');
        main?.parentNode?.insertBefore(notice, main);
      }
      notice.textContent = text;
    } catch {
      // The network dropped: there is nothing to say until it is back.
    } finally {
      // A stream given to this question is not wanted: the next one is opened after the wait.
      asked.abort();
    }
  };

  const connect = (): void => {
    const source = new EventSource(events);
    source.addEventListener('open', () => {
      notice?.remove();
      notice = null;
    });
    source.addEventListener('revision', (e) => {
      const revision = Number((e as MessageEvent<string>).data);
      if (!Number.isFinite(revision)) return;
      wanted = Math.max(wanted, revision);
      if (wanted > shown) {
        tries = 0;
        void refresh();
      }
    });
    source.addEventListener('error', () => {
      // A refusal (429: this browser or address holds its share; 503: the server holds enough
      // streams) closes the source for good: say so, and try later.
      if (source.readyState === EventSource.CLOSED) {
        void sayRefused();
        setTimeout(connect, 20_000 + Math.random() * 20_000);
      }
    });
  };
  connect();
})();
