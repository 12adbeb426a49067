/** XMLHttpRequest as the console's uploads use it (store/api/transfer.ts), for component tests:
 * records what was sent, reports half the bytes, then answers `FakeUpload.answer`. Install it on
 * `window.XMLHttpRequest` in a beforeEach and put the real one back after. */
export class FakeUpload {
  static sent: Array<{ method: string; url: string; headers: Record<string, string>; form: FormData }> = [];
  static answer: { status: number; body: unknown } = { status: 202, body: { job_id: 'job-1' } };
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    FakeUpload.sent.push({ method: this.method, url: this.url, headers: this.headers, form });
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 60_000, total: 120_000, lengthComputable: true });
      setTimeout(() => {
        this.status = FakeUpload.answer.status;
        this.responseText = JSON.stringify(FakeUpload.answer.body);
        this.onload?.();
      }, 400);
    }, 10);
  }
}

