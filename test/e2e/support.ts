import type { Page, TestInfo } from '@playwright/test';

/** Keeps a screenshot of the step as test output, named by project and step. */
export async function snap(page: Page, info: TestInfo, step: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${info.project.name}-${step}.png`), fullPage: true });
}
