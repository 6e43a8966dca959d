// Text put into HTML the server writes itself (the sandbox's checkout, mails, the dev mailbox, index.html's first
// screen): the five characters that could end an element or an attribute, as entities.
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
