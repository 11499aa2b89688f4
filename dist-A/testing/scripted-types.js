/** Types of the scripted provider server (`llm-do/testing`). */
export {};
