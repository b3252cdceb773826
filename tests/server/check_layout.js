// The layout rules of a decision (docs/server.md, "The browser client"): the prompt,
// each control (``controls``, a selector) and every seat's key figures on the first
// screen; the prompt said once; every control named; no two panels overlapping.
// Returns the broken rules as sentences.
(controls) => {
  window.scrollTo(0, 0);
  const vw = window.innerWidth, vh = window.innerHeight;
  const problems = [];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.className || el.tagName)
    .trim().replace(/\s+/g, ' ').slice(0, 50);
  const inside = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) {
      problems.push(`${what} is not on the first screen (${Math.round(r.left)},${Math.round(r.top)}`
        + `-${Math.round(r.right)},${Math.round(r.bottom)} of ${vw}x${vh})`);
    }
  };
  const prompt = document.getElementById('prompt-text');
  inside(prompt, 'the prompt');
  const words = prompt.textContent.trim();
  if (!words) problems.push('the prompt is empty');
  if (words && document.getElementById('board').innerText.includes(words)) {
    problems.push('the prompt is written twice');
  }
  const figures = [...document.querySelectorAll('#board [data-figures]')];
  if (!figures.length) problems.push('no seat shows its key figures');
  for (const el of figures) inside(el, `the figures of seat ${el.dataset.figures}`);
  for (const el of [...document.querySelectorAll(controls)].filter(shown)) {
    inside(el, `the control "${name(el)}"`);
  }
  for (const el of document.querySelectorAll('button, [role=button], input, select')) {
    if (!shown(el)) continue;
    const label = el.getAttribute('aria-label') || el.textContent.trim() || el.labels?.[0]?.textContent.trim()
      || el.getAttribute('title') || el.closest('label')?.textContent.trim();
    if (!label) problems.push(`a control without a name: ${el.outerHTML.slice(0, 80)}`);
  }
  // Panels and the board's own sections never overlap.
  const boxes = [...document.querySelectorAll('[data-panel], #board > * > *')].filter(shown);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 1 && y > 1) problems.push(`"${name(a)}" overlaps "${name(b)}"`);
    }
  }
  return problems;
}
