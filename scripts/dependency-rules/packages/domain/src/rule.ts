import { readFileSync } from 'node:fs';

export const ruleText = () => readFileSync('rule.txt', 'utf8');
