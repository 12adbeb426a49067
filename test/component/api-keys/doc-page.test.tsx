/**
 * Administration / Doc: the device's own OpenAPI document (the one the contract generates)
 * rendered by the console's compact renderer: operations by tag, the search, an operation's
 * parameters, body and answers, and Try it with the session's token or a pasted key.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DocPage from '../../../src/features/api-keys/DocPage';
import { renderScreen } from '../../support/render';
import { fakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import { buildOpenApiDocument } from '../../../contract/openapi';
import { ALL_CALLS } from '../../../contract/api';

const DOC = '/api/v1/openapi.json';
const KEYS = '/api/v1/uac/api-keys';
const document_ = buildOpenApiDocument('9.9.9');

async function openPage() {
  const session = storeSession('admin');
  const fake = fakeDevice({
    [`GET ${DOC}`]: () => ({ body: document_ }),
    [`GET ${KEYS}`]: () => ({ body: { keys: [], menus: { admin: [], update: [], history: [] } } }),
    [`POST ${KEYS}`]: () => ({ status: 400, body: { message: 'Validation failed: name', error_code: 'validation_failure', field: 'name' } }),
  });
  const user = userEvent.setup({ delay: null });
  renderScreen(<DocPage />);
  await screen.findByRole('heading', { level: 2, name: 'apiKeys' });
  return { fake, user, session };
}

const search = () => screen.getByRole('searchbox', { name: 'Search operations' });

describe('DocPage', () => {
  test('lists every operation of the document, grouped by tag', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Doc' })).toBeInTheDocument();
    expect(screen.getByText(/HMI device API/)).toBeInTheDocument();
    expect(screen.getByText(`${ALL_CALLS.length} of ${ALL_CALLS.length}`)).toBeInTheDocument();
    for (const tag of ['auth', 'data', 'uac', 'apiKeys']) expect(screen.getByRole('heading', { level: 2, name: tag })).toBeInTheDocument();
  });

  test('the search filters by path, summary or tag; nothing found says so', async () => {
    const { user } = await openPage();
    await user.type(search(), 'post eventlog');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'auth' })).not.toBeInTheDocument());
    expect(screen.getByTestId('doc-op-data.ackEvent')).toBeInTheDocument();
    expect(screen.getByTestId('doc-op-data.ackAllEvents')).toBeInTheDocument();
    expect(screen.queryByTestId('doc-op-data.events')).not.toBeInTheDocument();
    await user.clear(search());
    await user.type(search(), 'revokes an api key');
    await waitFor(() => expect(screen.getAllByTestId(/^doc-op-/)).toHaveLength(1));
    expect(screen.getByTestId('doc-op-apiKeys.revoke')).toBeInTheDocument();
    await user.clear(search());
    await user.type(search(), 'no-such-thing');
    expect(await screen.findByTestId('doc-no-match')).toHaveTextContent('No operation matches "no-such-thing".');
  });

  test("an operation opens to its access, parameters, body fields and answer's fields", async () => {
    const { user } = await openPage();
    const op = screen.getByTestId('doc-op-apiKeys.create');
    await user.click(within(op).getByRole('button', { name: /^POST \/api\/v1\/uac\/api-keys / }));
    expect(op).toHaveTextContent("Accounts whose roles include the menu 'api', and only admin.");
    expect(op).toHaveTextContent('Request body');
    expect(op).toHaveTextContent('application/json');
    // Body fields with their types and limits, required ones marked.
    expect(op).toHaveTextContent(/name\s*\*\s*string · minLength 1, maxLength 64/);
    expect(op).toHaveTextContent(/access\s*\*\s*"read_only" \| "read_write"/);
    // The answer's fields, a named schema resolved.
    expect(op).toHaveTextContent(/key\s*\*\s*ApiKey/);
    expect(op).toHaveTextContent(/last_used_from\s*\*\s*string \| null/);
    const revoke = screen.getByTestId('doc-op-apiKeys.revoke');
    await user.click(within(revoke).getByRole('button', { name: /^DELETE / }));
    expect(revoke).toHaveTextContent(/path\s*id\s*\*\s*string · pattern/);
  });

  test("Try it sends a GET with the session's token and shows the status, headers and body", async () => {
    const { fake, user, session } = await openPage();
    const op = screen.getByTestId('doc-op-apiKeys.list');
    await user.click(within(op).getByRole('button', { name: /^GET \/api\/v1\/uac\/api-keys / }));
    await user.click(within(op).getByRole('button', { name: 'Send' }));
    expect(await within(op).findByTestId('doc-try-status')).toHaveTextContent(/^200/);
    expect(within(op).getByTestId('doc-try-body')).toHaveTextContent('"keys": []');
    expect(op).toHaveTextContent('content-type: application/json');
    const sent = fake.requests.filter((r) => r.path === KEYS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${session.accessToken}`);
  });

  test('Try it with a pasted key sends that key; a POST body is sent as typed; a refusal shows its status and body', async () => {
    const { fake, user } = await openPage();
    const op = screen.getByTestId('doc-op-apiKeys.create');
    await user.click(within(op).getByRole('button', { name: /^POST \/api\/v1\/uac\/api-keys / }));
    await user.click(within(op).getByRole('radio', { name: 'An API key' }));
    // No key yet: says so, sends nothing.
    await user.click(within(op).getByRole('button', { name: 'Send' }));
    expect(within(op).getByRole('alert')).toHaveTextContent('Paste an API key first.');
    const key = `hmik_0123456789abcdef_${'k'.repeat(43)}`;
    await user.type(within(op).getByLabelText('API key'), key);
    // The example body is made from the schema.
    const body = within(op).getByRole('textbox', { name: 'Body (JSON)' });
    expect(JSON.parse((body as HTMLTextAreaElement).value)).toEqual({ name: '', account: 'admin', menus: ['system_info'], access: 'read_only', expires_at: null });
    await user.click(within(op).getByRole('button', { name: 'Send' }));
    expect(await within(op).findByTestId('doc-try-status')).toHaveTextContent(/^400/);
    expect(within(op).getByTestId('doc-try-body')).toHaveTextContent('validation_failure');
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === KEYS);
    expect(sent.map((r) => [r.headers.authorization, r.body])).toEqual([[`Bearer ${key}`, { name: '', account: 'admin', menus: ['system_info'], access: 'read_only', expires_at: null }]]);
  });

  test('a body that is not JSON is not sent; the text typed stays', async () => {
    const { fake, user } = await openPage();
    const op = screen.getByTestId('doc-op-apiKeys.create');
    await user.click(within(op).getByRole('button', { name: /^POST \/api\/v1\/uac\/api-keys / }));
    const body = within(op).getByRole('textbox', { name: 'Body (JSON)' });
    await user.clear(body);
    await user.type(body, '{{"name": ');
    await user.click(within(op).getByRole('button', { name: 'Send' }));
    expect(within(op).getByRole('alert')).toHaveTextContent('The body is not valid JSON');
    expect(body).toHaveValue('{"name": ');
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
