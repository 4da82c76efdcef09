/**
 * Reads the file name from `Content-Disposition: attachment; filename="name.wav"`
 * (also `filename*=UTF-8''...`). Returns undefined when the header is absent, and null
 * when it is present but not an attachment with a usable name.
 */
export function attachmentFileName(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const [type, ...params] = parameters(header);
  if (type?.toLowerCase() !== 'attachment') return null;
  let name: string | undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    let value = param.slice(eq + 1).trim();
    if (key === 'filename*') {
      const match = /^[\w-]+'[^']*'(.*)$/.exec(value);
      try {
        name = decodeURIComponent(match?.[1] ?? value);
      } catch {
        return null;
      }
      break;
    }
    if (key === 'filename') {
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
        value = value.slice(1, -1).replace(/\\(.)/g, '$1');
      }
      name = value;
    }
  }
  if (!name) return null;
  // Keep only the last path segment: a name is never a path.
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base.length > 0 && base.length <= 255 ? base : null;
}

/** The header split at semicolons, except those inside a quoted file name ("a;b.wav"). */
function parameters(header: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i]!;
    if (quoted && c === '\\' && i + 1 < header.length) {
      current += c + header[++i]!;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ';' && !quoted) {
      parts.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current.trim());
  return parts;
}
