import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState.tsx';
import { faqFromKeys } from './FaqAccordion.tsx';

const FAQ = [
  { question: 'What is a rule?', answer: 'A rule watches devices.' },
  { question: 'How do I add one?', answer: 'Click Add.' },
  { question: 'Who hears of an alert?', answer: 'The chosen users.' },
];

const expanded = (question: string) => screen.getByRole('button', { name: question }).getAttribute('aria-expanded');

describe('the FAQ of an empty state', () => {
  it('opens one answer at a time, none at first', () => {
    render(<EmptyState title="No alert rules yet" faq={FAQ} />);
    expect(FAQ.map((entry) => expanded(entry.question))).toEqual(['false', 'false', 'false']);
    expect(screen.queryByText('A rule watches devices.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'What is a rule?' }));
    expect(FAQ.map((entry) => expanded(entry.question))).toEqual(['true', 'false', 'false']);
    expect(screen.getByText('A rule watches devices.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'How do I add one?' }));
    expect(FAQ.map((entry) => expanded(entry.question))).toEqual(['false', 'true', 'false']);
    expect(screen.getByText('Click Add.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'How do I add one?' }));
    expect(FAQ.map((entry) => expanded(entry.question))).toEqual(['false', 'false', 'false']);
  });

  it('shows no accordion without questions', () => {
    render(<EmptyState title="Nothing here" />);
    expect(screen.getByRole('status').textContent).toBe('Nothing here');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads the question and the answer of each pair of keys', () => {
    expect(
      faqFromKeys(
        (key) => `<${key}>`,
        [
          ['a.what.question', 'a.what.answer'],
          ['a.add.question', 'a.add.answer'],
        ],
      ),
    ).toEqual([
      { question: '<a.what.question>', answer: '<a.what.answer>' },
      { question: '<a.add.question>', answer: '<a.add.answer>' },
    ]);
  });
});
