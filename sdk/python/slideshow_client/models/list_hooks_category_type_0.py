from enum import StrEnum


class ListHooksCategoryType0(StrEnum):
    CONTRARIAN = "contrarian"
    CURIOSITY = "curiosity"
    LISTICLE = "listicle"
    PROBLEM = "problem"
    SOCIAL_PROOF = "social_proof"
    STORY = "story"

    def __str__(self) -> str:
        return str(self.value)
