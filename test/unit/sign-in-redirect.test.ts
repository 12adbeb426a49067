/** Where a signed-out visit goes: decided from the address alone, before the router loads any page. */
import { signInRedirectOf } from '../../src/app/paths';

const at = (href: string) => {
  const url = new URL(href, 'http://panel');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

test.each([
  ['/admin/dashboard', '/admin/login?redirect=%2Fadmin%2Fdashboard'],
  ['/admin', '/admin/login?redirect=%2Fadmin'],
  ['/admin/account/password?tab=1#form', '/admin/login?redirect=%2Fadmin%2Faccount%2Fpassword%3Ftab%3D1%23form'],
  ['/app/dashboard', '/app/login?redirect=%2Fapp%2Fdashboard'],
  ['/app', '/app/login?redirect=%2Fapp'],
  ['/app/404', '/app/login?redirect=%2Fapp%2F404'],
])('a signed-out visit to %s goes to %s', (href, expected) => {
  expect(signInRedirectOf(at(href))).toBe(expected);
});

test.each(['/admin/login', '/app/login', '/auth-redirect', '/', '/administrator', '/apps/x', '/elsewhere'])(
  '%s needs no session here (a sign-in page, or an address the router sends on by itself)',
  (href) => {
    expect(signInRedirectOf(at(href))).toBeNull();
  },
);
