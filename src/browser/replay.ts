export {};

/**
 * The replay page (`/games/:id/replay?turn=N`): each turn is a page of its own, and this
 * script steps between them without reloading. ← and → (outside a text field) and the
 * step links go to the previous or next turn, the slider to any turn: the turn's page is
 * fetched (the server keeps it) and its `#replay-view` put in place of this one, the address
 * and title follow, and the browser's back button steps back. Turns fetched once are kept.
 * Without this script (or without fetch) the links and the slider's form load each turn.
 */
(() => {
  if (typeof fetch === 'undefined' || typeof DOMParser === 'undefined') return;
  const slider = document.querySelector<HTMLInputElement>('[data-replay-slider]');
  const form = slider?.form ?? null;
  const view = (): HTMLElement | null => document.getElementById('replay-view');
  const first = view();
  if (!slider || !form || !first) return;
  const base = form.getAttribute('action') ?? location.pathname;
  const total = Number(first.dataset.total);
  const kept = new Map<number, Promise<{ html: string; title: string }>>();
  let shown = Number(first.dataset.turn);
  let wanted = shown;

  // The slider moves the page itself: its button is for pages without this script.
  const button = form.querySelector('button');
  if (button) button.style.display = 'none';

  const urlOf = (turn: number): string => `${base}?turn=${turn}`;
  const load = (turn: number): Promise<{ html: string; title: string }> => {
    let got = kept.get(turn);
    if (!got) {
      got = fetch(urlOf(turn), { headers: { Accept: 'text/html' }, credentials: 'same-origin' })
        .then((res) => {
          if (!res.ok) throw new Error(`turn ${turn}: ${res.status}`);
          return res.text();
        })
        .then((text) => {
          const doc = new DOMParser().parseFromString(text, 'text/html');
          const part = doc.getElementById('replay-view');
          if (!part) throw new Error(`turn ${turn}: no replay on the page`);
          return { html: part.outerHTML, title: doc.title };
        });
      got.catch(() => kept.delete(turn));
      kept.set(turn, got);
    }
    return got;
  };

  /** Shows turn `turn`; `push` adds it to the history (not when the back button brought it). */
  const go = async (turn: number, push: boolean): Promise<void> => {
    if (!Number.isInteger(turn) || turn < 0 || turn > total) return;
    wanted = turn;
    slider.value = String(turn);
    let part: { html: string; title: string };
    try {
      part = await load(turn);
    } catch {
      location.href = urlOf(turn);
      return;
    }
    // A later step asked for another turn while this one was on its way.
    if (wanted !== turn) return;
    const current = view();
    if (!current) return;
    const hadFocus = current.contains(document.activeElement);
    current.outerHTML = part.html;
    document.title = part.title;
    shown = turn;
    if (push) history.pushState({ turn }, '', urlOf(turn));
    if (hadFocus) document.getElementById('replay-heading')?.focus({ preventScroll: true });
    // The neighbours are fetched ahead, so that stepping on is at once.
    if (turn < total) void load(turn + 1).catch(() => undefined);
    if (turn > 0) void load(turn - 1).catch(() => undefined);
  };

  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target as HTMLElement | null;
    // The slider steps by itself with the arrows; text fields keep their keys.
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)))
      return;
    if (e.key === 'ArrowLeft' && wanted > 0) {
      e.preventDefault();
      void go(wanted - 1, true);
    } else if (e.key === 'ArrowRight' && wanted < total) {
      e.preventDefault();
      void go(wanted + 1, true);
    }
  });
  slider.addEventListener('input', () => void go(Number(slider.value), true));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void go(Number(slider.value), true);
  });
  document.addEventListener('click', (e) => {
    if (e.button !== 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const link = (e.target as HTMLElement | null)?.closest<HTMLAnchorElement>(
      'a[data-replay-step]',
    );
    if (!link) return;
    const turn = Number(new URL(link.href).searchParams.get('turn'));
    e.preventDefault();
    void go(turn, true);
  });
  window.addEventListener('popstate', () => {
    const turn = Number(new URL(location.href).searchParams.get('turn') ?? '0');
    if (turn !== shown) void go(turn, false);
  });
  history.replaceState({ turn: shown }, '', location.href);
})();
