import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'

/** A fragment of a page; interpolated strings are escaped by `html`. */
export type Fragment = HtmlEscapedString | Promise<HtmlEscapedString>

const STYLE = `
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1b1f24; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input, select { width: 100%; padding: .4rem; box-sizing: border-box; }
  input[type=checkbox] { width: auto; }
  fieldset { border: 1px solid #d0d7de; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  button { margin-top: 1.25rem; padding: .6rem 1.2rem; font-size: 1rem; }
  .errors { background: #fff1f0; border: 1px solid #ffa39e; padding: .5rem 1rem; }
  nav ol { display: flex; gap: 1rem; list-style: none; padding: 0; }
  nav .current { font-weight: 700; }
`

/** Every hosted page: a plain form page, no script. */
export const layout = (title: string, body: Fragment): Fragment => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`

/** What went wrong with the last submission of a step. */
export const errorList = (messages: string[]): Fragment | undefined =>
  messages.length === 0
    ? undefined
    : html`<div class="errors" role="alert">
        <p>Please check the following:</p>
        <ul>${messages.map((m) => html`<li>${m}</li>`)}</ul>
      </div>`

/** A labelled text-like input, prefilled with what is on file. */
export const field = (name: string, label: string, value: string | undefined, attributes: { type?: string; required?: boolean } = {}) => html`
  <label for="${name}">${label}</label>
  <input id="${name}" name="${name}" type="${attributes.type ?? 'text'}" value="${value ?? ''}" ${attributes.required ? html`required` : ''} />`

/** A labelled select of `options`, with `selected` chosen. */
export const select = (name: string, label: string, options: readonly string[], selected?: string) => html`
  <label for="${name}">${label}</label>
  <select id="${name}" name="${name}">
    ${options.map((o) => html`<option value="${o}" ${o === selected ? html`selected` : ''}>${o.replaceAll('_', ' ').toLowerCase()}</option>`)}
  </select>`

export const fileInput = (name: string, label: string, required = false) => html`
  <label for="${name}">${label}</label>
  <input id="${name}" name="${name}" type="file" accept="application/pdf,image/jpeg,image/png" ${required ? html`required` : ''} />`

/** The message page of a link that cannot be used (used, expired, unknown). */
export const messagePage = (title: string, message: string): Fragment => layout(title, html`<h1>${title}</h1><p>${message}</p>`)
