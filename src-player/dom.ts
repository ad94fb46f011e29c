/**
 * A tiny element builder for the player page (no framework: the page's
 * code stays small and runs under a strict CSP). Attributes go through
 * `setAttribute` except `style`, which is never set (the CSP allows only
 * the page's own style sheet); text goes in as text, never as markup.
 */

/** Attribute values: a string, a number, true (present, empty) or false / null / undefined (absent). */
export type AttrValue = string | number | boolean | null | undefined;

/** A child: an element, text, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/**
 * A new element `tag` with `attrs` and `children`. `on` listeners by event
 * name (`{click: f}`). Never sets `style` or an `on*` attribute.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, AttrValue> = {},
  children: Child[] = [],
  on: { [E in keyof HTMLElementEventMap]?: (e: HTMLElementEventMap[E]) => void } = {},
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) setAttr(e, k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(typeof c === 'number' ? String(c) : c);
  for (const [name, f] of Object.entries(on)) if (f) e.addEventListener(name, f as EventListener);
  return e;
}

/** Sets (or removes) one attribute; `style` and `on*` are refused. */
export function setAttr(e: Element, name: string, v: AttrValue): void {
  if (name === 'style' || /^on/i.test(name)) return;
  if (v === false || v === null || v === undefined) e.removeAttribute(name);
  else e.setAttribute(name, v === true ? '' : String(v));
}

/** Replaces the children of `parent` with `children`. */
export function fill(parent: Element, children: Child[]): void {
  parent.replaceChildren(
    ...children.filter((c): c is Node | string | number => c !== null && c !== undefined && c !== false).map((c) => (typeof c === 'number' ? String(c) : c)),
  );
}

/** Sets `text` as the element's text when it differs (no needless layout work). */
export function text(e: Element, t: string): void {
  if (e.textContent !== t) e.textContent = t;
}
