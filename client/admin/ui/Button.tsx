import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'outline' | 'destructive' | 'quiet-destructive' | 'ghost' | 'success';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-cyan-700 text-white hover:bg-cyan-800',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  // A destructive action in a list: quiet until pointed at, so a column of them is not a wall of red.
  'quiet-destructive':
    'border border-slate-300 bg-white text-red-700 hover:border-red-600 hover:bg-red-600 hover:text-white focus-visible:bg-red-600 focus-visible:text-white',
  ghost: 'text-slate-700 hover:bg-slate-100',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800',
};

export const buttonClass = (variant: Variant = 'primary', small = false) =>
  `inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
    small ? 'min-h-9 px-3 py-1.5 text-sm' : 'min-h-10 px-4 py-2 text-sm'
  } ${VARIANTS[variant]}`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  small?: boolean;
}

export function Button({ variant = 'primary', small = false, className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`${buttonClass(variant, small)} ${className}`} {...rest} />;
}
