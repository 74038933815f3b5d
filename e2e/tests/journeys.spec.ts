/**
 * User journeys through the public part of the web app (requirements §1, §2, §5 and §9): the landing
 * page, login, registration and plans. Users are made through the API; only what a test is about
 * is driven in the browser.
 */
import { expect, test } from '../fixtures/test';
import { apiRegister, signIn, uniqueUser } from '../fixtures/api';
import { at, expectRedBox, siteConfig, storedAuth } from './journeys-helpers';

const FEATURES = [
  'Smart Automation',
  'Advanced Targeting',
  'Analytics Dashboard',
  'Account Safety',
  'Smart Scheduling',
  'Content Optimization',
];
const STEPS = ['Connect Account', 'Set Targets', 'Watch It Grow'];
const COUNTRIES = [
  'United States',
  'United Kingdom',
  'Canada',
  'Germany',
  'France',
  'Turkey',
  'Japan',
  'Australia',
  'Brazil',
  'India',
];

test.describe('landing page', () => {
  test('signed out: features, how it works, calls to action and footer links', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');

    const features = main.getByRole('region', { name: 'Everything you need to grow' });
    await expect(features.getByRole('listitem')).toHaveCount(6);
    for (const title of FEATURES) {
      await expect(features.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    const how = main.getByRole('region', { name: 'How it works' });
    await expect(how.getByRole('listitem')).toHaveCount(3);
    for (const [i, title] of STEPS.entries()) {
      await expect(how.getByRole('heading', { name: `Step ${i + 1}: ${title}` })).toBeVisible();
    }

    await expect(main.getByRole('button', { name: 'Download Now' })).toHaveCount(0);
    await main.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(at('/register'));
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'View Pricing' }).click();
    await expect(page).toHaveURL(at('/plans'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Simple plans that grow with you',
    );

    const footer = page.getByRole('contentinfo');
    const footerLinks: Array<[string, string, string]> = [
      ['Plans', '/plans', 'Simple plans that grow with you'],
      ['Support', '/support', 'Support'],
      ['Changelog', '/changelog', 'Changelog'],
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
      ['Terms of Service', '/terms', 'Terms of Service'],
    ];
    for (const [name, path, heading] of footerLinks) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(at(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }

    // From another page, the Features link opens the landing page scrolled to the features.
    await footer.getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page).toHaveURL(at('/#features'));
    const featureSection = page.getByRole('region', { name: 'Everything you need to grow' });
    await expect(featureSection).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
  });

  test('signed in: Download Now replaces Get Started', async ({ page, request }) => {
    const user = await apiRegister(request, 'land');
    await signIn(page, user.auth, '/');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Download Now' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'View Pricing' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
  });
});

test.describe('login', () => {
  test('field validation messages', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign In' });

    await submit.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill('not-an-email');
    await expect(page.getByText('Email is required')).toBeHidden();
    await password.fill('whatever');
    await expect(page.getByText('Password is required')).toBeHidden();
    await submit.click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page).toHaveURL(at('/login'));
  });

  test('a wrong password shows the error in a red box above the submit button', async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request, 'wrongpw');
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Not!the-right1');
    const submit = page.getByRole('button', { name: 'Sign In' });
    await submit.click();

    const form = page.getByRole('form', { name: 'Sign in' });
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText('Invalid email or password');
    await expectRedBox(alert);
    const alertBox = (await alert.boundingBox())!;
    const submitBox = (await submit.boundingBox())!;
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(submitBox.y);
    await expect(page).toHaveURL(at('/login'));
    expect((await storedAuth(page)).token).toBeNull();
  });

  test('remember me, and links to forgot password and register', async ({ page }) => {
    await page.goto('/login');
    const remember = page.getByRole('checkbox', { name: 'Remember me' });
    await expect(remember).toBeVisible();
    await expect(remember).not.toBeChecked();
    await remember.check();
    await expect(remember).toBeChecked();

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(main.getByRole('link', { name: 'Create one' })).toHaveAttribute(
      'href',
      '/register',
    );
    await main.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(at('/forgot-password'));
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Create one' }).click();
    await expect(page).toHaveURL(at('/register'));
  });

  test('?redirect=/orders goes to the order history after login', async ({ page, request }) => {
    const user = await apiRegister(request, 'redir');
    await page.goto('/login?redirect=/orders');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(at('/orders'));
    await expect(page.getByRole('heading', { name: 'Order History', level: 1 })).toBeVisible();
    expect((await storedAuth(page)).token).toBeTruthy();
  });

  for (const target of ['https://evil.example', '//evil.example', '/\\evil.example']) {
    test(`an off-site redirect (${target}) ends on / of our own origin`, async ({
      page,
      request,
      baseURL,
    }) => {
      const user = await apiRegister(request, 'offsite');
      await page.goto(`/login?redirect=${target}`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Download Now' }),
      ).toBeVisible();
      expect(page.url()).toBe(`${baseURL}/`);
    });
  }

  test('a signed-in visitor opening /login?redirect=/plans is sent to /plans at once', async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request, 'already');
    await signIn(page, user.auth, '/login?redirect=/plans');
    await expect(page).toHaveURL(at('/plans'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Simple plans that grow with you',
    );
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });
});

test.describe('register', () => {
  test('each field error appears and clears when that field is edited', async ({ page }) => {
    await page.goto('/register');
    const username = page.getByLabel('Username');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    const submit = page.getByRole('button', { name: 'Create Account' });
    const text = (t: string) => page.getByText(t, { exact: true });

    await submit.click();
    await expect(text('Username is required')).toBeVisible();
    await expect(text('Email is required')).toBeVisible();
    await expect(text('Password is required')).toBeVisible();
    await expect(text('You must accept the terms of service')).toBeVisible();

    // Editing one field clears only that field's error.
    await username.fill('ab');
    await expect(text('Username is required')).toBeHidden();
    await expect(text('Email is required')).toBeVisible();
    await email.fill('not-an-email');
    await expect(text('Email is required')).toBeHidden();
    await expect(text('Password is required')).toBeVisible();
    await password.fill('short');
    await expect(text('Password is required')).toBeHidden();
    await expect(text('You must accept the terms of service')).toBeVisible();
    await terms.check();
    await expect(text('You must accept the terms of service')).toBeHidden();

    await submit.click();
    await expect(text('Username must be at least 3 characters')).toBeVisible();
    await expect(text('Please enter a valid email')).toBeVisible();
    await expect(text('Password does not meet requirements')).toBeVisible();

    await username.pressSequentially('c');
    await expect(text('Username must be at least 3 characters')).toBeHidden();
    await expect(text('Please enter a valid email')).toBeVisible();
    await email.fill('someone@example.com');
    await expect(text('Please enter a valid email')).toBeHidden();
    await expect(text('Password does not meet requirements')).toBeVisible();
    await password.pressSequentially('X');
    await expect(text('Password does not meet requirements')).toBeHidden();

    await terms.uncheck();
    await submit.click();
    await expect(text('You must accept the terms of service')).toBeVisible();
    await terms.check();
    await expect(text('You must accept the terms of service')).toBeHidden();
    await expect(page).toHaveURL(at('/register'));
  });

  test('the strength label moves from Very Weak to Strong while typing', async ({ page }) => {
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    // The server's form is disabled until React hydrates it, and keys sent to it before then
    // are lost (pressSequentially, unlike fill, does not wait for an editable field).
    await expect(password).toBeEditable();
    const steps: Array<[string, string]> = [
      ['a', 'Very Weak'],
      ['B', 'Weak'],
      ['3', 'Fair'],
      ['!', 'Good'],
      ['defg', 'Strong'],
    ];
    for (const [typed, label] of steps) {
      await password.pressSequentially(typed);
      await expect(page.getByText(`Password strength: ${label}`, { exact: true })).toBeVisible();
    }
    await expect(password).toHaveValue('aB3!defg');
  });

  test('country list, marketing checkbox on by default, terms link', async ({ page }) => {
    await page.goto('/register');
    const country = page.getByLabel('Country');
    const options = country.getByRole('option');
    await expect(options).toHaveCount(COUNTRIES.length + 1);
    await expect(options.filter({ hasNotText: 'Select a country' })).toHaveText(COUNTRIES);
    await expect(country).toHaveValue('');

    await expect(page.getByRole('checkbox', { name: /product news and offers/ })).toBeChecked();
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    await expect(terms).not.toBeChecked();
    await expect(
      page.getByRole('form', { name: 'Create account' }).getByRole('link', {
        name: 'Terms of Service',
      }),
    ).toHaveAttribute('href', '/terms');
  });

  test('a duplicate email shows the server error', async ({ page, request }) => {
    const existing = await apiRegister(request, 'dup');
    const fresh = uniqueUser('dup2');
    await page.goto('/register');
    await page.getByLabel('Username').fill(fresh.username);
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill(fresh.password);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.getByRole('form', { name: 'Create account' }).getByRole('alert');
    await expect(alert).toHaveText('An account with this email already exists');
    await expect(page).toHaveURL(at('/register'));
    expect((await storedAuth(page)).token).toBeNull();
  });

  test('success shows the Welcome screen, then follows ?redirect=/plans', async ({ page }) => {
    const visitor = uniqueUser('welcome');
    await page.goto('/register?redirect=/plans');
    await page.getByLabel('Username').fill(visitor.username);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Password', { exact: true }).fill(visitor.password);
    await page.getByLabel('Country').selectOption({ label: 'Canada' });
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    // Timed by events (response, URL change), not by polling assertions.
    const registered = page
      .waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/register')
      .then((r) => ({ status: r.status(), at: Date.now() }));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByRole('heading', { name: `Welcome to Flockr, ${visitor.username}!` })
      .waitFor({ state: 'visible' });
    const response = await registered;
    expect(response.status).toBe(201);
    await page.waitForURL(at('/plans'), { timeout: 5_000 });
    // The Welcome screen stays for 1.5 s before the redirect.
    expect(Date.now() - response.at).toBeGreaterThan(1_300);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Simple plans that grow with you',
    );
    const stored = await storedAuth(page);
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user!).username).toBe(visitor.username);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Download' })).toBeVisible();
  });
});

test.describe('plans', () => {
  test('the billing toggle switches between monthly and yearly prices', async ({ page }) => {
    await page.goto('/plans');
    const pro = page.getByRole('article', { name: 'PRO', exact: true });
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    const yearly = page.getByRole('radio', { name: 'Yearly' });
    await expect(monthly).toBeChecked();
    await expect(pro.getByText('$19.99', { exact: true })).toBeVisible();
    await expect(pro.getByText('/month', { exact: true })).toBeVisible();
    await expect(pro.getByText('Save $40')).toHaveCount(0);

    await yearly.check();
    await expect(yearly).toBeChecked();
    await expect(pro.getByText('$199.99', { exact: true })).toBeVisible();
    await expect(pro.getByText('/year', { exact: true })).toBeVisible();
    await expect(pro.getByText('Save $40', { exact: true })).toBeVisible();
    await expect(pro.getByText('Save 17%', { exact: true })).toBeVisible();
    await expect(pro.getByText('$19.99', { exact: true })).toHaveCount(0);

    await monthly.check();
    await expect(pro.getByText('$19.99', { exact: true })).toBeVisible();
    await expect(pro.getByText('Save $40')).toHaveCount(0);
  });

  test('comparison table, custom solutions, trust badges', async ({ page, request }) => {
    const { support_email } = await siteConfig(request);
    await page.goto('/plans');
    const table = page.getByRole('table', { name: 'Pro vs Pro+ feature comparison' });
    const rows: Array<[string, string, string]> = [
      ['Twitter accounts', '5', 'Unlimited'],
      ['Daily actions', '500', 'Unlimited'],
      ['Email support', 'Included', 'Included'],
      ['Priority support', 'Not included', 'Included'],
      ['Phone support', 'Not included', 'Included'],
      ['White-label', 'Not included', 'Included'],
    ];
    await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Pro', 'Pro+']);
    for (const [feature, pro, proPlus] of rows) {
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: feature, exact: true }) });
      await expect(row.getByRole('cell')).toHaveText([pro, proPlus]);
    }

    const contact = page
      .getByRole('region', { name: 'Need a custom solution?' })
      .getByRole('link', { name: 'Contact Sales' });
    await expect(contact).toHaveAttribute('href', new RegExp(`^mailto:${support_email}`));

    const badges = page.getByRole('list', { name: 'Why customers trust us' }).getByRole('listitem');
    await expect(badges).toHaveCount(4);
  });

  test('a signed-out visitor choosing PRO is sent to register with a redirect back', async ({
    page,
  }) => {
    await page.goto('/plans');
    await page.getByRole('button', { name: 'Choose PRO', exact: true }).click();
    // The redirect carries the chosen plan and period (continued after sign-up: buyer-path.spec).
    await expect(page).toHaveURL(at('/register?redirect=/plans%3Fplan%3DPRO%26period%3Dmonthly'));
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });
});
