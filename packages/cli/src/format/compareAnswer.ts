// The answer of a comparison in words (verdict, sentences, headline k): declared in the library, where
// the `compare` job returns them (compare/compareAnswer.ts); the views here show them.
export { answerSentence, answerSentences, benchmarkClause, compareVerdict, headlineK, metricAt, metricName, verdict } from '@passk/sim/internal';
