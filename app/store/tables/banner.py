"""The banner every page shows, as the server's owner set it (one row, or none)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Integer, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.store.db import Base, utcnow


class SiteBanner(Base):
    __tablename__ = "site_banner"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1: one banner
    text: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
