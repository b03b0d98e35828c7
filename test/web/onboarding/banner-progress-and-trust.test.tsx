import { render, screen } from '@testing-library/react';
import Banner from '../../../src/web/components/Banner';
import ProgressSteps from '../../../src/web/features/onboarding/components/ProgressSteps';
import TrustedBy from '../../../src/web/features/onboarding/components/TrustedBy';

describe('Banner', () => {
  test('shows the app name and the CRM line of docs/product.md#what-it-is-and-for-whom', () => {
    render(<Banner appName="HubSpot Sync" softwareName="HubSpot" />);
    expect(screen.getByText('HubSpot Sync')).toBeInTheDocument();
    expect(screen.getByText('Chrome Extension for HubSpot.')).toBeInTheDocument();
  });

  test('leaves the CRM line out when no CRM is chosen', () => {
    render(<Banner appName="CRM Sync" />);
    expect(screen.queryByText(/Chrome Extension for/)).not.toBeInTheDocument();
  });

  test('has dark and small variants', () => {
    const { container, rerender } = render(<Banner appName="A" softwareName="B" />);
    expect(container.querySelector('header')).toHaveAttribute('data-variant', 'light normal');
    rerender(<Banner appName="A" softwareName="B" dark small />);
    expect(container.querySelector('header')).toHaveAttribute('data-variant', 'dark small');
  });
});

describe('ProgressSteps', () => {
  test('reads Install, Signup, Connect, Finish in order', () => {
    render(<ProgressSteps current={0} />);
    const nav = screen.getByRole('navigation', { name: 'Onboarding progress' });
    expect(nav).toHaveTextContent(/Install.*Signup.*Connect.*Finish/);
  });

  test.each([
    [0, 'Install'],
    [1, 'Signup'],
    [2, 'Connect'],
    [3, 'Finish'],
  ])('step %i marks %s as the current step', (current, label) => {
    const { container } = render(<ProgressSteps current={current} />);
    const marked = container.querySelectorAll('[aria-current="step"]');
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent(label);
  });

  test('marks no step when outside the flow', () => {
    const { container } = render(<ProgressSteps current={-1} />);
    expect(container.querySelector('[aria-current="step"]')).toBeNull();
  });
});

describe('TrustedBy', () => {
  test('shows 4 avatars, 5 stars and the audience claim', () => {
    render(<TrustedBy />);
    expect(screen.getAllByTestId('trusted-avatar')).toHaveLength(4);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeInTheDocument();
    expect(
      screen.getByText('Trusted by thousands of SDRs, BDRs, Sales Ops and team leads'),
    ).toBeInTheDocument();
  });
});
