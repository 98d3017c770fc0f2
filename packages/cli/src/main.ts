#!/usr/bin/env node
import { startCli } from './startCli.js';

startCli();
