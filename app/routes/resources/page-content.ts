// Placeholder until the edit-mode issue lands: page-text saves are refused.
export const action = () => new Response("غير متاح", { status: 404 });
