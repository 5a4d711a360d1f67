export {};
//# sourceMappingURL=job.js.map