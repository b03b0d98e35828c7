import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { components } from '../../../src/contract/api';
import { PlanCard, PlanCards, CREDITS_TOOLTIP } from '../../../src/web/entities/plan';

type Pricing = components['schemas']['Pricing'];

const yearlyPricing: Pricing = {
  free: {
    price: 0,
    monthly_price_id: 'price_free_m',
    yearly_price_id: 'price_free_y',
    metadata: { account_manager: false, credits: 10, support: 'Email' },
  },
  standard: {
    price: 31200,
    monthly_price_id: 'price_std_m',
    yearly_price_id: 'price_std_y',
    metadata: { account_manager: false, credits: 250, support: 'Priority', crm_sync: true },
  },
  pro: {
    price: 63600,
    monthly_price_id: 'price_pro_m',
    yearly_price_id: 'price_pro_y',
    metadata: { account_manager: true, credits: 1000, support: 'Priority', bulk_export: true },
  },
};

function renderInRouter(ui: ReactElement) {
  return render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route path="/pricing" element={ui} />
        <Route path="/signup" element={<p>Signup page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole('region', { name });

test('shows the three plans with the displayed monthly price, Standard marked RECOMMENDED', () => {
  renderInRouter(
    <PlanCards
      pricing={yearlyPricing}
      schedule="yearly"
      actionFor={() => ({ label: 'Choose', onSelect() {} })}
    />,
  );

  expect(within(card('Free')).getByText('$0')).toBeInTheDocument();
  expect(within(card('Standard')).getByText('$26')).toBeInTheDocument();
  expect(within(card('Pro')).getByText('$53')).toBeInTheDocument();
  expect(within(card('Standard')).getByText('RECOMMENDED')).toBeInTheDocument();
  expect(within(card('Free')).queryByText('RECOMMENDED')).not.toBeInTheDocument();
  expect(within(card('Pro')).queryByText('RECOMMENDED')).not.toBeInTheDocument();
  expect(within(card('Pro')).getByText('Billed yearly')).toBeInTheDocument();
});

test('monthly prices are rounded down from cents', () => {
  const monthly: Pricing = {
    ...yearlyPricing,
    standard: { ...yearlyPricing.standard, price: 3999 },
    pro: { ...yearlyPricing.pro, price: 7900 },
  };
  renderInRouter(
    <PlanCards pricing={monthly} schedule="monthly" actionFor={() => ({ label: 'Choose', onSelect() {} })} />,
  );

  expect(within(card('Standard')).getByText('$39')).toBeInTheDocument();
  expect(within(card('Pro')).getByText('$79')).toBeInTheDocument();
  expect(within(card('Pro')).getByText('Billed monthly')).toBeInTheDocument();
});

test('lists features with the fixed labels and title-cased other keys', () => {
  renderInRouter(
    <PlanCards
      pricing={yearlyPricing}
      schedule="yearly"
      actionFor={() => ({ label: 'Choose', onSelect() {} })}
    />,
  );

  const pro = within(card('Pro'));
  expect(pro.getByText('Account Manager')).toBeInTheDocument();
  expect(pro.getByText('Credits: 1000')).toBeInTheDocument();
  expect(pro.getByText('Support: Priority')).toBeInTheDocument();
  expect(pro.getByText('Bulk Export')).toBeInTheDocument();
  expect(within(card('Standard')).getByText('CRM Sync')).toBeInTheDocument();
  expect(within(card('Free')).getByTitle('Not included')).toBeInTheDocument();
});

test('the credits tooltip explains what a credit buys', async () => {
  const user = userEvent.setup();
  renderInRouter(
    <PlanCards
      pricing={yearlyPricing}
      schedule="yearly"
      actionFor={() => ({ label: 'Choose', onSelect() {} })}
    />,
  );

  await user.hover(within(card('Standard')).getByRole('button', { name: 'What is a credit?' }));

  expect(await screen.findByRole('tooltip')).toHaveTextContent(CREDITS_TOOLTIP);
  expect(CREDITS_TOOLTIP).toBe(
    'Each credit finds contact details, including email addresses, for one profile.',
  );
});

test('the credits tooltip opens from the keyboard too, and the button keeps the focus', async () => {
  const user = userEvent.setup();
  renderInRouter(
    <PlanCards
      pricing={yearlyPricing}
      schedule="yearly"
      actionFor={() => ({ label: 'Choose', onSelect() {} })}
    />,
  );
  const button = () => within(card('Free')).getByRole('button', { name: 'What is a credit?' });
  while (document.activeElement !== button()) await user.tab();

  expect(await screen.findByRole('tooltip')).toHaveTextContent(CREDITS_TOOLTIP);
  expect(button()).toHaveFocus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
});

test("the current plan's card is disabled and marked 'Current'; the others act", async () => {
  const user = userEvent.setup();
  const onSelect = jest.fn();
  renderInRouter(
    <PlanCards
      pricing={yearlyPricing}
      schedule="yearly"
      currentPlan="standard"
      actionFor={(plan) => ({ label: 'Upgrade', onSelect: () => onSelect(plan) })}
    />,
  );

  const standardButton = within(card('Standard')).getByRole('button', { name: 'Standard: current plan' });
  expect(standardButton).toBeDisabled();
  expect(standardButton).toHaveTextContent('Current');
  expect(within(card('Standard')).getAllByText('Current')).toHaveLength(2); // badge and button
  expect(within(card('Pro')).queryByText('Current')).not.toBeInTheDocument();

  await user.click(within(card('Pro')).getByRole('button', { name: 'Upgrade: Pro' }));
  expect(onSelect).toHaveBeenCalledWith('pro');
});

test('while one plan is busy every other button waits', () => {
  renderInRouter(
    <PlanCards
      pricing={yearlyPricing}
      schedule="yearly"
      busyPlan="pro"
      actionFor={() => ({ label: 'Choose', onSelect() {} })}
    />,
  );

  for (const name of ['Free', 'Standard', 'Pro']) {
    expect(within(card(name)).getByRole('button', { name: `Choose: ${name}` })).toBeDisabled();
  }
  expect(within(card('Pro')).getByRole('progressbar')).toBeInTheDocument();
});

test('a link action navigates (anonymous visitor → /signup)', async () => {
  const user = userEvent.setup();
  renderInRouter(
    <PlanCard
      name="Standard"
      monthlyPrice={26}
      schedule="yearly"
      features={[]}
      action={{ label: 'Get Started', to: '/signup' }}
    />,
  );

  await user.click(screen.getByRole('link', { name: 'Get Started' }));
  expect(screen.getByText('Signup page')).toBeInTheDocument();
});

test('only the listed plans are shown', () => {
  renderInRouter(
    <PlanCards
      pricing={yearlyPricing}
      schedule="yearly"
      plans={['standard', 'pro']}
      actionFor={() => ({ label: 'Change', onSelect() {} })}
    />,
  );
  expect(screen.queryByRole('region', { name: 'Free' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('region')).toHaveLength(2);
});
