import { useState } from 'react';

export interface WizardStepsOptions {
  /** The step shown first (a report whose type was chosen beforehand starts on its parameters). */
  first?: number;
  /** The furthest step that may be opened from the start: an edit may visit every step, a new one goes step by step. */
  reached?: number;
}

/**
 * Where a wizard is (spec 01 §2): the open step, the furthest step reached, and whether a call is under way. The
 * header opens only steps already reached, and nothing moves while a call runs; each feature decides when its step
 * may be left (`advance`) and what Finish does.
 */
export function useWizardSteps(count: number, { first = 0, reached: initiallyReached = first }: WizardStepsOptions = {}) {
  const [step, setStep] = useState(first);
  const [reached, setReached] = useState(initiallyReached);
  const [busy, setBusy] = useState(false);

  /** The next step, which is reached from now on. */
  const advance = () => {
    setStep(step + 1);
    setReached((at) => Math.max(at, step + 1));
  };
  const back = () => {
    if (step > 0 && !busy) setStep(step - 1);
  };
  /** A step of the header: only one reached already, and not while a call runs. */
  const goTo = (index: number) => {
    if (index <= reached && !busy) setStep(index);
  };
  /** The later steps must be walked again (they depend on a choice that changed). */
  const reachNoFurther = (index: number) => setReached((at) => Math.min(at, index));

  return { step, reached, busy, last: step === count - 1, setBusy, advance, back, goTo, reachNoFurther, open: setStep };
}
export type WizardSteps = ReturnType<typeof useWizardSteps>;
