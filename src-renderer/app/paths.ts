/**
 * Host path strings as the editor shows and proposes them (pure): the file
 * name of a path, its folder, and a file-name slug of a title. Both `/` and
 * `\` separate folders (Windows hosts answer with backslashes).
 */

/** The last segment of `p` ("levels/a.level.json" -> "a.level.json"); `p` itself when it has none. */
export function basename(p: string): string {
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] || p;
}

/** The folder of `p` with its trailing separator ("levels/a.level.json" -> "levels/"); '' for a bare name. */
export function dirname(p: string): string {
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return i >= 0 ? p.slice(0, i + 1) : '';
}

/** A file-name stem from a title: lower-case ASCII words joined by `-`, at most 48 characters, "untitled" when empty. */
export function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'untitled'
  );
}
