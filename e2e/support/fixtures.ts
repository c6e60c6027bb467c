import { type BrowserContext, test as base, expect } from '@playwright/test';

declare global {
  interface Window {
    reportCspViolation?: (violation: string) => void;
  }
}

/**
 * Watches every page of a browser context for Content-Security-Policy violations: the `securitypolicyviolation`
 * events of its documents and Chromium's console reports (which also cover the web workers, where no page script
 * listens). Returns the list the violations are added to.
 */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', ({ page }, violation: string) => {
    violations.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        window.reportCspViolation?.(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}${where}`,
        );
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? 'a worker'}: console ${message.type()}: ${message.text()}`);
    }
  });
  return violations;
}

/**
 * Playwright's test, with every page of the test's browser context watched for Content-Security-Policy
 * violations. Any violation fails the test, so a journey proves the app works under the policy the server sends.
 */
export const test = base.extend({
  context: async ({ context }, provide) => {
    const violations = await watchContentSecurityPolicy(context);
    await provide(context);
    expect(violations, 'Content-Security-Policy violations on the pages of this test').toEqual([]);
  },
});

export { expect };
