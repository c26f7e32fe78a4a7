// RFC 6902 JSON Patch: apply the server's operations to the view we hold.

function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function walk(doc, path) {
  const tokens = path.split("/").slice(1).map(unescape);
  const last = tokens.pop();
  let parent = doc;
  for (const token of tokens) {
    parent = parent[Array.isArray(parent) ? Number(token) : token];
    if (parent === undefined || parent === null) throw new Error(`no such path ${path}`);
  }
  return [parent, last];
}

// Apply `ops` to `doc` in place and return the new document (a root replace returns a new one).
export function applyPatch(doc, ops) {
  for (const op of ops) {
    if (op.path === "") {
      if (op.op === "replace" || op.op === "add") doc = op.value;
      else throw new Error(`cannot ${op.op} the whole document`);
      continue;
    }
    const [parent, key] = walk(doc, op.path);
    if (Array.isArray(parent)) {
      const index = key === "-" ? parent.length : Number(key);
      if (op.op === "add") parent.splice(index, 0, op.value);
      else if (op.op === "remove") parent.splice(index, 1);
      else if (op.op === "replace") parent[index] = op.value;
      else throw new Error(`unsupported op ${op.op}`);
    } else {
      if (op.op === "add" || op.op === "replace") parent[key] = op.value;
      else if (op.op === "remove") delete parent[key];
      else throw new Error(`unsupported op ${op.op}`);
    }
  }
  return doc;
}
